import { Field, Input } from '@fluentui/react-components';
import { isFeeRangeValid, isMinRateValid } from '@/lib/min-rate';
import { t } from '@/i18n/zh-HK';

interface FeeRangeFieldsProps {
  minRate: string;
  maxRate: string;
  onChange: (patch: { minRate?: string; maxRate?: string }) => void;
}

/** The minimum and maximum fee per lesson of a search, each told at once when it is not a
 * number, and the maximum when it is below the minimum (as the server would refuse it). */
export function FeeRangeFields({ minRate, maxRate, onChange }: FeeRangeFieldsProps) {
  const maxProblem = !isMinRateValid(maxRate)
    ? t.filters.minRateInvalid
    : !isFeeRangeValid(minRate, maxRate)
      ? t.filters.feeRangeInvalid
      : undefined;
  return (
    <>
      <FeeField
        label={t.filters.minRate}
        placeholder={t.filters.minRatePlaceholder}
        value={minRate}
        problem={isMinRateValid(minRate) ? undefined : t.filters.minRateInvalid}
        onChange={(value) => onChange({ minRate: value })}
      />
      <FeeField
        label={t.filters.maxRate}
        placeholder={t.filters.maxRatePlaceholder}
        value={maxRate}
        problem={maxProblem}
        onChange={(value) => onChange({ maxRate: value })}
      />
    </>
  );
}

interface FeeFieldProps {
  label: string;
  placeholder: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}

function FeeField({ label, placeholder, value, problem, onChange }: FeeFieldProps) {
  return (
    <Field label={label} validationState={problem ? 'warning' : 'none'} validationMessage={problem}>
      <Input
        value={value}
        inputMode="decimal"
        contentBefore={t.filters.currencyPrefix}
        placeholder={placeholder}
        onChange={(_, data) => onChange(data.value)}
      />
    </Field>
  );
}
