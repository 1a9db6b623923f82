import { Field, Input } from '@fluentui/react-components';
import type { Catalogue } from '@/api/generated/model';
import { FilterSelect, plainOptions } from '@/components/FilterSelect';
import { areasOf, type CatalogueLevel, type CatalogueRegion } from '@/lib/catalogue';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';

/*
 * The single-choice filters both boards' search forms share, each with its options from the
 * catalogue. A child's choices depend on its parent (a level's subjects, a region's areas): until
 * the parent is chosen the child is off and says so. Clearing a child when its parent changes is
 * the caller's (`withLevel`, `withTutorLevel`…), as each board's filters hold their own fields.
 */

interface CatalogueSelectProps {
  catalogue: Catalogue | undefined;
  value: string;
  onChange: (value: string) => void;
}

export function LevelSelect({ catalogue, value, onChange }: CatalogueSelectProps) {
  const options = (catalogue?.levels ?? []).map((l) => ({ value: l.key, label: catalogueName(l.label) }));
  return <FilterSelect label={t.filters.level} value={value} options={options} onChange={onChange} />;
}

export function RegionSelect({ catalogue, value, onChange }: CatalogueSelectProps) {
  const options = plainOptions((catalogue?.regions ?? []).map((r) => r.name));
  return <FilterSelect label={t.filters.region} value={value} options={options} onChange={onChange} />;
}

interface DependentSelectProps {
  label: string;
  /** The parent's names to choose from (a level's grades, a region's areas). */
  options: readonly string[];
  /** Set while the parent is not chosen: the select is off and says this instead. */
  waitingFor: string | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** One choice among the names its parent (a level, a region) offers. */
export function DependentSelect({ label, options, waitingFor, value, onChange }: DependentSelectProps) {
  return (
    <FilterSelect
      label={label}
      value={value}
      options={plainOptions(options)}
      onChange={onChange}
      disabled={waitingFor !== undefined}
      emptyLabel={waitingFor}
    />
  );
}

interface ChildSelectProps<P> {
  /** The chosen parent; undefined until one is. */
  parent: P | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** One subject of the level: typed for a level whose subject is free text (tertiary), else picked. */
export function SubjectSelect({ parent: level, value, onChange }: ChildSelectProps<CatalogueLevel>) {
  if (level?.freeTextSubject) {
    return (
      <Field label={t.filters.subjectFreeText}>
        <Input
          value={value}
          placeholder={t.filters.subjectFreeTextPlaceholder}
          onChange={(_, data) => onChange(data.value)}
        />
      </Field>
    );
  }
  const waitingFor = level ? undefined : t.filters.chooseLevelFirst;
  const subjects = level?.subjects ?? [];
  return (
    <DependentSelect
      label={t.filters.subject}
      options={subjects}
      waitingFor={waitingFor}
      value={value}
      onChange={onChange}
    />
  );
}

/** One area of the region. */
export function AreaSelect({ parent: region, value, onChange }: ChildSelectProps<CatalogueRegion>) {
  const waitingFor = region ? undefined : t.filters.chooseRegionFirst;
  const areas = areasOf(region);
  return (
    <DependentSelect label={t.filters.area} options={areas} waitingFor={waitingFor} value={value} onChange={onChange} />
  );
}
