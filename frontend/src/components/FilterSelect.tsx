import { useId } from 'react';
import { Field, Select } from '@fluentui/react-components';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';

export interface SelectOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** Label of the empty choice; the value '' means "no limit". */
  emptyLabel?: string;
  disabled?: boolean;
  hint?: string;
  className?: string;
}

/** A single-choice filter on the native select (the best picker on phones). */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  emptyLabel = t.common.noLimit,
  disabled,
  hint,
  className,
}: FilterSelectProps) {
  const id = useId();
  return (
    <Field label={label} hint={hint} className={className}>
      <Select id={id} value={value} disabled={disabled} onChange={(_, data) => onChange(data.value)}>
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * Options of the catalogue's names (grades, subjects, regions, districts, areas): the value is
 * the stored name, sent as it is; the label is the name in the page's language.
 */
export function plainOptions(values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: catalogueName(value) }));
}
