import { Badge, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { InvoiceLineBody } from '@/api/generated/model';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatDate } from '@/i18n/format';
import { formatCents } from '@/i18n/money';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  line: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  amount: { marginInlineStart: 'auto', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  credit: { color: tokens.colorPaletteGreenForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  reason: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  total: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
  },
});

/**
 * The statement of an invoice, line by line: the date, what the line is, its amount (money paid
 * or credited shows with a minus), why, and how a payment came; late charges not written yet
 * are marked as standing today. The balance closes it.
 */
export function StatementLines({ lines, balanceCents }: { lines: readonly InvoiceLineBody[]; balanceCents: number }) {
  const styles = useStyles();
  const text = billingZhHK.invoice;
  return (
    <>
      <ul className={styles.list} aria-label={text.linesLabel}>
        {lines.map((line, index) => (
          <li key={`${line.on}-${line.kind}-${index}`} className={styles.line} data-testid="invoice-line">
            <div className={styles.head}>
              <Text weight="semibold">{billingZhHK.kind[line.kind] ?? line.kind}</Text>
              {line.accrued && (
                <Badge appearance="tint" color="warning">
                  {text.accrued}
                </Badge>
              )}
              <Text weight="semibold" className={mergeClasses(styles.amount, line.amountCents < 0 && styles.credit)}>
                {formatCents(line.amountCents)}
              </Text>
            </div>
            <Text size={200} className={styles.muted}>
              {formatDate(line.on) ?? line.on}
            </Text>
            {line.reason && (
              <Text size={200} className={styles.reason}>
                {line.reason}
              </Text>
            )}
            {line.method && (
              <Text size={200} className={styles.reason}>
                {text.payment(billingZhHK.method[line.method] ?? line.method, line.reference)}
              </Text>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.total} data-testid="balance">
        <Text weight="semibold">{balanceCents < 0 ? text.overpaid : text.balance}</Text>
        <Text weight="bold" size={500} className={styles.amount}>
          {formatCents(Math.abs(balanceCents))}
        </Text>
      </div>
      {lines.some((line) => line.accrued) && (
        <Text size={200} className={styles.muted}>
          {text.accruedHint}
        </Text>
      )}
    </>
  );
}
