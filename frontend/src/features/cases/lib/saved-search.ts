import type { Catalogue, SavedSearchRequest, AlertChannel } from '@/api/generated/model';
import { t } from '@/i18n/zh-HK';
import { findLevel } from '@/lib/catalogue';
import { toCaseQuery, type CaseFilters } from './case-filters';

/** The saved search for the board's applied filters: the same query as the search itself. */
export function toSavedSearchRequest(
  filters: CaseFilters,
  keywords: string,
  channel: AlertChannel,
): SavedSearchRequest {
  const { page: _page, pageSize: _pageSize, ...query } = toCaseQuery(filters, { page: 1, pageSize: 1 });
  return { ...query, keywords: keywords.trim(), channel };
}

/** The filters in words, as the dialog shows what will be saved, e.g. 中學・數學・觀塘區. */
export function filterWords(filters: CaseFilters, catalogue: Catalogue | undefined): string[] {
  const level = filters.level ? (findLevel(catalogue, filters.level)?.label ?? filters.level) : undefined;
  const list = (values: readonly string[]) =>
    values
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .join(t.filters.listSeparator);
  const places = list(filters.areas) || list(filters.districts);
  const words = [
    level,
    list(filters.grades),
    list(filters.subjects),
    places || filters.region,
    filters.minRate.trim() ? t.filters.minRateWords(filters.minRate.trim()) : undefined,
  ];
  return words.filter((word): word is string => Boolean(word));
}
