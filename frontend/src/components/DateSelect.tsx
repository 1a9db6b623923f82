import { useEffect, useState } from 'react';
import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1.3fr 1fr 1fr', gap: tokens.spacingHorizontalS },
});

interface DateSelectProps {
  label: string;
  /** `YYYY-MM-DD`, or '' while incomplete. */
  value: string;
  onChange: (value: string) => void;
  validationMessage?: string;
  hint?: string;
  required?: boolean;
  /** The years offered, in the order shown; this year and the next two by default. */
  years?: readonly number[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as year / month / day selects: native pickers on phones, read the Hong Kong way
 * (year, month, day in Chinese order), where `<input type="date">` would show mm/dd/yyyy.
 */
export function DateSelect({
  label,
  value,
  onChange,
  validationMessage,
  hint,
  required,
  years: offered,
}: DateSelectProps) {
  const styles = useStyles();
  const [parts, setParts] = useState(() => splitDate(value));
  // A full date from outside (edit mode's loaded case) replaces what was picked.
  useEffect(() => {
    if (value) setParts(splitDate(value));
  }, [value]);
  const thisYear = new Date().getFullYear();
  const years = offered ? [...offered] : [thisYear, thisYear + 1, thisYear + 2];
  if (parts.year && !years.includes(Number(parts.year))) years.unshift(Number(parts.year));
  const daysInMonth = parts.year && parts.month ? new Date(Number(parts.year), Number(parts.month), 0).getDate() : 31;
  const update = (change: Partial<DateParts>) => {
    const next = { ...parts, ...change };
    if (next.year && next.month && next.day) {
      const last = new Date(Number(next.year), Number(next.month), 0).getDate();
      next.day = pad(Math.min(Number(next.day), last));
    }
    setParts(next);
    onChange(next.year && next.month && next.day ? `${next.year}-${next.month}-${next.day}` : '');
  };
  const u = t.dateSelect;
  return (
    <Field label={label} validationMessage={validationMessage} hint={hint} required={required}>
      <div className={styles.row} role="group" aria-label={label}>
        <Select aria-label={u.year} value={parts.year} onChange={(_, data) => update({ year: data.value })}>
          <option value="">{u.year}</option>
          {years.map((year) => (
            <option key={year} value={String(year)}>
              {u.yearValue(year)}
            </option>
          ))}
        </Select>
        <Select aria-label={u.month} value={parts.month} onChange={(_, data) => update({ month: data.value })}>
          <option value="">{u.month}</option>
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {u.monthValue(i + 1)}
            </option>
          ))}
        </Select>
        <Select aria-label={u.day} value={parts.day} onChange={(_, data) => update({ day: data.value })}>
          <option value="">{u.day}</option>
          {Array.from({ length: daysInMonth }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {u.dayValue(i + 1)}
            </option>
          ))}
        </Select>
      </div>
    </Field>
  );
}

interface DateParts {
  year: string;
  month: string;
  day: string;
}

function splitDate(value: string): DateParts {
  const [year = '', month = '', day = ''] = value ? value.split('-') : [];
  return { year, month, day };
}
