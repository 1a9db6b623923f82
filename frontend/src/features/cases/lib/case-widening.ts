import { searchCases } from '@/api/generated/cases/cases';
import { t } from '@/i18n/zh-HK';
import { caseSearchCodec, caseWidenings, widenedCases, type CaseWidening } from '@/lib/case-filters';
import { widenerOf } from '@/lib/search-widening';

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

/** Each filter of a case search that found nothing, the search without it, and what that finds. */
export const caseWidener = widenerOf({
  board: 'cases',
  droppable: caseWidenings,
  labels,
  without: widenedCases,
  codec: caseSearchCodec,
  fetchPage: searchCases,
});
