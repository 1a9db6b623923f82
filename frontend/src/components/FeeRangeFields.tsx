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
  const minValid = isMinRateValid(minRate);
  const maxMessage = !isMinRateValid(maxRate)
    ? t.filters.minRateInvalid
    : !isFeeRangeValid(minRate, maxRate)
      ? t.filters.feeRangeInvalid
      : undefined;
  return (
    <>
      <Field
        label={t.filters.minRate}
        validationState={minValid ? 'none' : 'warning'}
        validationMessage={minValid ? undefined : t.filters.minRateInvalid}
      >
        <Input
          value={minRate}
          inputMode="decimal"
          contentBefore={t.filters.currencyPrefix}
          placeholder={t.filters.minRatePlaceholder}
          onChange={(_, data) => onChange({ minRate: data.value })}
        />
      </Field>
      <Field label={t.filters.maxRate} validationState={maxMessage ? 'warning' : 'none'} validationMessage={maxMessage}>
        <Input
          value={maxRate}
          inputMode="decimal"
          contentBefore={t.filters.currencyPrefix}
          placeholder={t.filters.maxRatePlaceholder}
          onChange={(_, data) => onChange({ maxRate: data.value })}
        />
      </Field>
    </>
  );
}
