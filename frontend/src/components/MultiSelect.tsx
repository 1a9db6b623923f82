import { Dropdown, Field, Option, makeStyles } from '@fluentui/react-components';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import type { SelectOption } from './FilterSelect';

interface MultiSelectProps {
  label: string;
  options: readonly SelectOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  hint?: string;
  validationMessage?: string;
  required?: boolean;
  className?: string;
}

const MAX_LABELS_SHOWN = 2;

const useStyles = makeStyles({
  // Fluent's Dropdown has a 250px minimum width; in a filter grid it should fit its cell.
  dropdown: { minWidth: 0, width: '100%' },
  listbox: { maxHeight: '320px' },
});

function summary(selected: readonly string[], options: readonly SelectOption[]): string {
  if (selected.length > MAX_LABELS_SHOWN) return t.filters.multiSelected(selected.length);
  return selected
    .map((value) => options.find((o) => o.value === value)?.label ?? catalogueName(value))
    .join(t.filters.listSeparator);
}

/** A multiple-choice filter; an empty selection means "no limit". */
export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  placeholder = t.common.noLimit,
  disabled,
  hint,
  validationMessage,
  required,
  className,
}: MultiSelectProps) {
  const styles = useStyles();
  return (
    <Field label={label} hint={hint} validationMessage={validationMessage} required={required} className={className}>
      <Dropdown
        multiselect
        className={styles.dropdown}
        listbox={{ className: styles.listbox }}
        disabled={disabled}
        placeholder={placeholder}
        value={summary(selected, options)}
        selectedOptions={[...selected]}
        onOptionSelect={(_, data) => onChange(data.selectedOptions)}
      >
        {options.map((option) => (
          <Option key={option.value} value={option.value}>
            {option.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
