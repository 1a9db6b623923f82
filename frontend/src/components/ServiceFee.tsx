import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ServiceFeeBody } from '@/api/generated/model';
import { RouterLink } from '@/components/RouterLink';
import { termsFeesPath } from '@/config/paths';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatCents } from '@/i18n/money';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  amount: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2 },
  link: { alignSelf: 'flex-start', minHeight: '44px', display: 'inline-flex', alignItems: 'center' },
});

/** "fee per lesson × lessons a week × weeks ÷ 2 = amount", from the server's numbers. */
export function serviceFeeFormula(fee: ServiceFeeBody): string {
  const text = billingZhHK.fee;
  const formula = text.formula(
    formatCents(fee.feePerLessonCents, true) ?? '',
    fee.lessonsPerWeek,
    fee.shareWeeks,
    text.share(fee.sharePercent),
  );
  return text.equals(formula, formatCents(fee.amountCents, true) ?? '');
}

/**
 * The service fee a match costs the tutor, stated before they commit: on a case before
 * applying (`case`), and on an offer before confirming (`offer`), with how it is computed and
 * a link to the terms' section on the fee.
 */
export function ServiceFee({ fee, on }: { fee: ServiceFeeBody; on: 'case' | 'offer' }) {
  const styles = useStyles();
  const text = billingZhHK.fee;
  const heading = on === 'case' ? text.caseHeading : text.offerHeading;
  return (
    <section className={styles.box} aria-label={heading} data-testid="service-fee">
      <Text weight="semibold">{heading}</Text>
      <Text size={400} className={styles.amount}>
        {text.amount(formatCents(fee.amountCents, true) ?? '')}
      </Text>
      <Text>{serviceFeeFormula(fee)}</Text>
      <Text size={200} className={styles.muted}>
        {on === 'case'
          ? text.caseNote(fee.shareWeeks, fee.sharePercent)
          : text.offerNote(fee.shareWeeks, fee.sharePercent)}
      </Text>
      <RouterLink to={termsFeesPath} className={styles.link}>
        {text.terms}
      </RouterLink>
    </section>
  );
}
