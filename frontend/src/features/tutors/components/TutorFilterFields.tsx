import { AreaSelect, LevelSelect, RegionSelect, SubjectSelect } from '@/components/CatalogueSelects';
import { FeeRangeFields } from '@/components/FeeRangeFields';
import { findLevel, findRegion, useCatalogue } from '@/lib/catalogue';
import { withTutorLevel, withTutorRegion, type TutorFilters } from '../lib/tutor-filters';

interface TutorFilterFieldsProps {
  filters: TutorFilters;
  onChange: (filters: TutorFilters) => void;
}

/**
 * The tutor filters, for a `SearchForm`: level -> subject, region -> area, fee range. Changing a
 * parent clears its child; options all come from the catalogue.
 */
export function TutorFilterFields({ filters, onChange }: TutorFilterFieldsProps) {
  const catalogue = useCatalogue().data;
  const set = (patch: Partial<TutorFilters>) => onChange({ ...filters, ...patch });
  const setLevel = (level: string) => onChange(withTutorLevel(filters, level));
  const setRegion = (region: string) => onChange(withTutorRegion(filters, region));
  const level = findLevel(catalogue, filters.level);
  const region = findRegion(catalogue, filters.region);
  return (
    <>
      <LevelSelect catalogue={catalogue} value={filters.level} onChange={setLevel} />
      <SubjectSelect parent={level} value={filters.subject} onChange={(subject) => set({ subject })} />
      <RegionSelect catalogue={catalogue} value={filters.region} onChange={setRegion} />
      <AreaSelect parent={region} value={filters.area} onChange={(area) => set({ area })} />
      <FeeRangeFields minRate={filters.minRate} maxRate={filters.maxRate} onChange={set} />
    </>
  );
}
