import { searchTutors } from '@/api/generated/tutors/tutors';
import type { Widening } from '@/components/WidenSearch';
import { t } from '@/i18n/zh-HK';
import { toTutorQuery, tutorWidenings, widenedTutors, type TutorFilters, type TutorWidening } from './tutor-filters';

/** The filters' names, read when shown: the page's catalogue is in place only by then. */
const labels = (): Record<TutorWidening, string> => ({
  q: t.filters.keywords,
  level: t.filters.level,
  subject: t.filters.subject,
  region: t.filters.region,
  area: t.filters.area,
  minRate: t.filters.minRate,
  maxRate: t.filters.maxRate,
});

/** Each filter of a tutor search that found nothing, and the search without it. */
export function tutorWideningOptions(filters: TutorFilters): Widening<TutorFilters>[] {
  return tutorWidenings(filters).map((key) => ({ label: labels()[key], filters: widenedTutors(filters, key) }));
}

/** How many tutors a search finds: a page of one, for its total. */
export async function countTutors(filters: TutorFilters): Promise<number> {
  return (await searchTutors(toTutorQuery(filters, { page: 1, pageSize: 1 }))).total;
}
