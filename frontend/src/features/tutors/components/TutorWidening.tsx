import { WidenSearch } from '@/components/WidenSearch';
import { t } from '@/i18n/zh-HK';
import type { TutorFilters } from '../lib/tutor-filters';
import { countTutors, tutorWideningOptions } from '../lib/tutor-widening';

/** A tutor search that found nothing: the filters to drop, each one tap away. */
export function TutorWidening({
  filters,
  onChoose,
}: {
  filters: TutorFilters;
  onChoose: (filters: TutorFilters) => void;
}) {
  return (
    <WidenSearch
      board="tutors"
      options={tutorWideningOptions(filters)}
      count={countTutors}
      countText={t.tutors.search.resultsCount}
      onChoose={onChoose}
    />
  );
}
