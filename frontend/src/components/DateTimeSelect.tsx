import { Field, Select } from '@fluentui/react-components';
import { DateSelect } from './DateSelect';

/**
 * Lesson start times offered: every quarter hour from 07:00 to 22:00, when lessons happen (the
 * domain holds a first lesson to exactly this; a lesson recorded later may start at any time).
 */
const QUARTER_HOURS = Array.from({ length: (22 - 7) * 4 + 1 }, (_, i) => {
  const minutes = 7 * 60 + i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** A date and time picked in Hong Kong, as the instant the server reads. */
export function hongKongInstant(date: string, time: string): string {
  return `${date}T${time}:00+08:00`;
}

interface DateTimeSelectProps {
  dateLabel: string;
  timeLabel: string;
  /** `YYYY-MM-DD`, or '' while incomplete. */
  date: string;
  /** `HH:MM`, a quarter hour. */
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  validationMessage?: string;
  hint?: string;
  /** The years offered (see DateSelect). */
  years?: readonly number[];
}

/** A lesson's date (year / month / day, the Hong Kong way) and its start on a quarter hour. */
export function DateTimeSelect({
  dateLabel,
  timeLabel,
  date,
  time,
  onDate,
  onTime,
  validationMessage,
  hint,
  years,
}: DateTimeSelectProps) {
  return (
    <>
      <DateSelect
        label={dateLabel}
        value={date}
        onChange={onDate}
        hint={hint}
        validationMessage={validationMessage}
        required
        years={years}
      />
      <Field label={timeLabel}>
        <Select value={time} onChange={(_, data) => onTime(data.value)}>
          {QUARTER_HOURS.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
