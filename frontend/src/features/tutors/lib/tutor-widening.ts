import { searchTutors } from '@/api/generated/tutors/tutors';
import { t } from '@/i18n/zh-HK';
import { tutorSearchCodec, tutorWidenings, widenedTutors, type TutorWidening } from './tutor-filters';
import { widenerOf } from '@/lib/search-widening';

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

/** Each filter of a tutor search that found nothing, the search without it, and what that finds. */
export const tutorWidener = widenerOf({
  board: 'tutors',
  droppable: tutorWidenings,
  labels,
  without: widenedTutors,
  codec: tutorSearchCodec,
  fetchPage: searchTutors,
});
