import { FilterSelect } from '@/components/FilterSelect';
import { t } from '@/i18n/zh-HK';

type SortKey = keyof typeof t.filters.sorts;

interface SortSelectProps<S extends string> {
  value: S | '';
  /** The board's orders; its own ('best') is the empty choice. */
  sorts: readonly S[];
  onChange: (sort: S | '') => void;
  className?: string;
}

/** The order of a board's results, beside their count: choosing one searches again at once. */
export function SortSelect<S extends SortKey>({ value, sorts, onChange, className }: SortSelectProps<S>) {
  const options = sorts
    .filter((sort) => sort !== 'best')
    .map((sort) => ({ value: sort, label: t.filters.sorts[sort] }));
  return (
    <FilterSelect
      label={t.filters.sort}
      value={value === 'best' ? '' : value}
      options={options}
      onChange={(next) => onChange(next as S | '')}
      emptyLabel={t.filters.sorts.best}
      className={className}
    />
  );
}
