import { AreaSelect, DependentSelect, LevelSelect, RegionSelect, SubjectSelect } from '@/components/CatalogueSelects';
import { FeeRangeFields } from '@/components/FeeRangeFields';
import { plainOptions } from '@/components/FilterSelect';
import { MultiSelect } from '@/components/MultiSelect';
import { districtsOf, findLevel, findRegion, useCatalogue } from '@/lib/catalogue';
import { t } from '@/i18n/zh-HK';
import { withLevel, withRegion, type CaseFilters } from '@/lib/case-filters';

interface CaseFilterFieldsProps {
  filters: CaseFilters;
  onChange: (filters: CaseFilters) => void;
  /** Home picks one grade, one subject and one area; /all-cases several grades, subjects and districts. */
  variant: 'home' | 'all-cases';
}

/**
 * The case filters, for a `SearchForm`: level -> grade -> subject, region -> area or districts,
 * fee range. Changing a parent clears its children; options all come from the catalogue.
 */
export function CaseFilterFields({ filters, onChange, variant }: CaseFilterFieldsProps) {
  const catalogue = useCatalogue().data;
  const level = findLevel(catalogue, filters.level);
  const region = findRegion(catalogue, filters.region);
  const multiple = variant === 'all-cases';
  const levelHint = level === undefined ? t.filters.chooseLevelFirst : undefined;
  const regionHint = region === undefined ? t.filters.chooseRegionFirst : undefined;
  const set = (patch: Partial<CaseFilters>) => onChange({ ...filters, ...patch });
  const single = (value: string) => (value ? [value] : []);
  const setLevel = (value: string) => onChange(withLevel(filters, value));
  const setRegion = (value: string) => onChange(withRegion(filters, value));

  return (
    <>
      <LevelSelect catalogue={catalogue} value={filters.level} onChange={setLevel} />

      {multiple ? (
        <MultiSelect
          label={t.filters.grades}
          options={plainOptions(level?.grades ?? [])}
          selected={filters.grades}
          onChange={(grades) => set({ grades })}
          disabled={level === undefined}
          placeholder={levelHint}
        />
      ) : (
        <DependentSelect
          label={t.filters.grade}
          options={level?.grades ?? []}
          waitingFor={levelHint}
          value={filters.grades[0] ?? ''}
          onChange={(value) => set({ grades: single(value) })}
        />
      )}

      {multiple && !level?.freeTextSubject ? (
        <MultiSelect
          label={t.filters.subjects}
          options={plainOptions(level?.subjects ?? [])}
          selected={filters.subjects}
          onChange={(subjects) => set({ subjects })}
          disabled={level === undefined}
          placeholder={levelHint}
        />
      ) : (
        <SubjectSelect
          parent={level}
          value={filters.subjects[0] ?? ''}
          onChange={(value) => set({ subjects: single(value) })}
        />
      )}

      <RegionSelect catalogue={catalogue} value={filters.region} onChange={setRegion} />

      {multiple ? (
        <MultiSelect
          label={t.filters.districts}
          options={plainOptions(districtsOf(region))}
          selected={filters.districts}
          onChange={(districts) => set({ districts })}
          disabled={region === undefined}
          placeholder={regionHint}
        />
      ) : (
        <AreaSelect
          parent={region}
          value={filters.areas[0] ?? ''}
          onChange={(value) => set({ areas: single(value) })}
        />
      )}

      <FeeRangeFields minRate={filters.minRate} maxRate={filters.maxRate} onChange={set} />
    </>
  );
}
