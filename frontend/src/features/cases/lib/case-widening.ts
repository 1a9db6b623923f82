import { searchCases } from '@/api/generated/cases/cases';
import type { Widening } from '@/components/WidenSearch';
import { t } from '@/i18n/zh-HK';
import { caseWidenings, toCaseQuery, widenedCases, type CaseFilters, type CaseWidening } from '@/lib/case-filters';

/** The filters' names, read when shown: the page's catalogue is in place only by then. */
const labels = (): Record<CaseWidening, string> => ({
  q: t.filters.keywords,
  level: t.filters.level,
  grades: t.filters.grades,
  subjects: t.filters.subjects,
  region: t.filters.region,
  districts: t.filters.districts,
  areas: t.filters.area,
  minRate: t.filters.minRate,
  maxRate: t.filters.maxRate,
});

/** Each filter of a case search that found nothing, and the search without it. */
export function caseWideningOptions(filters: CaseFilters): Widening<CaseFilters>[] {
  return caseWidenings(filters).map((key) => ({ label: labels()[key], filters: widenedCases(filters, key) }));
}

/** How many cases a search finds: a page of one, for its total. */
export async function countCases(filters: CaseFilters): Promise<number> {
  return (await searchCases(toCaseQuery(filters, { page: 1, pageSize: 1 }))).total;
}
