import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { Catalogue } from '@/api/generated/model';
import { FeeRangeFields } from '@/components/FeeRangeFields';
import { FilterSelect, plainOptions } from '@/components/FilterSelect';
import { MultiSelect } from '@/components/MultiSelect';
import { areasOf, districtsOf, findLevel, findRegion } from '@/lib/catalogue';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';
import { withLevel, withRegion, type CaseFilters } from '@/lib/case-filters';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
});

interface CaseFilterFieldsProps {
  catalogue: Catalogue | undefined;
  filters: CaseFilters;
  onChange: (filters: CaseFilters) => void;
  /** Home picks one grade, one subject and one area; /all-cases several grades, subjects and districts. */
  variant: 'home' | 'all-cases';
}

/**
 * The case filters: level -> grade -> subject, region -> area or districts, fee range.
 * Changing a parent clears its children; options all come from the catalogue.
 */
export function CaseFilterFields({ catalogue, filters, onChange, variant }: CaseFilterFieldsProps) {
  const styles = useStyles();
  const level = findLevel(catalogue, filters.level);
  const region = findRegion(catalogue, filters.region);
  const multiple = variant === 'all-cases';
  const noLevel = level === undefined;
  const noRegion = region === undefined;
  const levelHint = noLevel ? t.filters.chooseLevelFirst : undefined;
  const regionHint = noRegion ? t.filters.chooseRegionFirst : undefined;
  const set = (patch: Partial<CaseFilters>) => onChange({ ...filters, ...patch });
  const single = (value: string) => (value ? [value] : []);

  return (
    <div className={styles.grid}>
      <FilterSelect
        label={t.filters.level}
        value={filters.level}
        options={(catalogue?.levels ?? []).map((l) => ({ value: l.key, label: catalogueName(l.label) }))}
        onChange={(value) => onChange(withLevel(filters, value))}
      />

      {multiple ? (
        <MultiSelect
          label={t.filters.grades}
          options={plainOptions(level?.grades ?? [])}
          selected={filters.grades}
          onChange={(grades) => set({ grades })}
          disabled={noLevel}
          placeholder={levelHint}
        />
      ) : (
        <FilterSelect
          label={t.filters.grade}
          value={filters.grades[0] ?? ''}
          options={plainOptions(level?.grades ?? [])}
          onChange={(value) => set({ grades: single(value) })}
          disabled={noLevel}
          emptyLabel={levelHint}
        />
      )}

      {level?.freeTextSubject ? (
        <Field label={t.filters.subjectFreeText}>
          <Input
            value={filters.subjects[0] ?? ''}
            placeholder={t.filters.subjectFreeTextPlaceholder}
            onChange={(_, data) => set({ subjects: data.value === '' ? [] : [data.value] })}
          />
        </Field>
      ) : multiple ? (
        <MultiSelect
          label={t.filters.subjects}
          options={plainOptions(level?.subjects ?? [])}
          selected={filters.subjects}
          onChange={(subjects) => set({ subjects })}
          disabled={noLevel}
          placeholder={levelHint}
        />
      ) : (
        <FilterSelect
          label={t.filters.subject}
          value={filters.subjects[0] ?? ''}
          options={plainOptions(level?.subjects ?? [])}
          onChange={(value) => set({ subjects: single(value) })}
          disabled={noLevel}
          emptyLabel={levelHint}
        />
      )}

      <FilterSelect
        label={t.filters.region}
        value={filters.region}
        options={plainOptions((catalogue?.regions ?? []).map((r) => r.name))}
        onChange={(value) => onChange(withRegion(filters, value))}
      />

      {multiple ? (
        <MultiSelect
          label={t.filters.districts}
          options={plainOptions(districtsOf(region))}
          selected={filters.districts}
          onChange={(districts) => set({ districts })}
          disabled={noRegion}
          placeholder={regionHint}
        />
      ) : (
        <FilterSelect
          label={t.filters.area}
          value={filters.areas[0] ?? ''}
          options={plainOptions(areasOf(region))}
          onChange={(value) => set({ areas: single(value) })}
          disabled={noRegion}
          emptyLabel={regionHint}
        />
      )}

      <FeeRangeFields minRate={filters.minRate} maxRate={filters.maxRate} onChange={set} />
    </div>
  );
}
