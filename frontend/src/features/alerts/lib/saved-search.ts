import type { Catalogue, SavedSearchRequest, AlertChannel } from '@/api/generated/model';
import { catalogueName, catalogueNames } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { findLevel } from '@/lib/catalogue';
import { parseMinRate, toCaseQuery, type CaseFilters } from '@/lib/case-filters';

/** The saved search for the board's applied filters: the same query as the search itself. Its
 * keywords are the alert's own (typed in the dialog), not the board's words. */
export function toSavedSearchRequest(
  filters: CaseFilters,
  keywords: string,
  channel: AlertChannel,
): SavedSearchRequest {
  // An alert tells of new cases as they come: the board's order means nothing to it.
  const {
    page: _page,
    pageSize: _pageSize,
    q: _q,
    sort: _sort,
    ...query
  } = toCaseQuery(filters, { page: 1, pageSize: 1 });
  return { ...query, keywords: keywords.trim(), channel };
}

/** The filters in words, as the dialog shows what will be saved (level, grades, subjects, place, fee). */
export function filterWords(filters: CaseFilters, catalogue: Catalogue | undefined): string[] {
  // Only a fee the query would send: an unreadable one is left out of both.
  const minRate = parseMinRate(filters.minRate);
  const maxRate = parseMinRate(filters.maxRate);
  // The catalogue's names in the page's language; what is saved stays the stored names.
  const level = filters.level ? catalogueName(findLevel(catalogue, filters.level)?.label ?? filters.level) : undefined;
  const list = (values: readonly string[]) => catalogueNames(values.map((v) => v.trim()).filter((v) => v !== ''));
  const places = list(filters.areas) || list(filters.districts);
  const words = [
    level,
    list(filters.grades),
    list(filters.subjects),
    places || (filters.region && catalogueName(filters.region)),
    feeWords(minRate, maxRate),
  ];
  return words.filter((word): word is string => Boolean(word));
}

function feeWords(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return t.filters.feeRangeWords(String(min), String(max));
  if (min !== undefined) return t.filters.minRateWords(String(min));
  if (max !== undefined) return t.filters.maxRateWords(String(max));
  return undefined;
}
