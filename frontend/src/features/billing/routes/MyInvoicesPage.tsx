import { Fragment } from 'react';
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useGetFeeTerms, useListMyInvoices } from '@/api/generated/billing/billing';
import { feeTermsBeforeLoad } from '@/config/legal';
import type { InvoiceSummaryBody } from '@/api/generated/model';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { RouterLink } from '@/components/RouterLink';
import { invoicePath } from '@/config/paths';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatDate } from '@/i18n/format';
import { formatCents } from '@/i18n/money';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge';
import { isUnsettled } from '../lib/invoice';

const useStyles = makeStyles({
  total: {
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalXS,
  },
  totalAmount: { color: tokens.colorBrandForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sectionTitle: { margin: 0 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  number: { margin: 0 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  owed: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  late: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * /my-invoices: the tutor's service fee invoices, what they owe today in all at the top, the
 * ones still owed first, each leading to its page.
 */
export function MyInvoicesPage() {
  const styles = useStyles();
  const text = billingZhHK.list;
  const list = useListMyInvoices();
  const terms = useGetFeeTerms();
  const invoices = list.data?.invoices ?? [];
  const unsettled = invoices.filter(isUnsettled);
  const settled = invoices.filter((invoice) => !isUnsettled(invoice));
  return (
    <PageShell title={text.title} intro={text.intro}>
      {list.error && <ErrorBanner message={errorMessage(list.error, text.loadFailed)} />}
      {!list.data && !list.error && <LoadingState />}
      {list.data && (
        <Card className={styles.total} data-testid="due-today">
          <Text weight="semibold">{text.dueToday}</Text>
          <Text as="p" size={800} weight="bold" className={styles.totalAmount}>
            {formatCents(list.data.dueTodayCents)}
          </Text>
          <Text size={200} className={styles.muted}>
            {list.data.dueTodayCents > 0
              ? text.dueHint((terms.data ?? feeTermsBeforeLoad).penaltyDay)
              : text.nothingDue}
          </Text>
        </Card>
      )}
      {list.data && invoices.length === 0 && <EmptyState title={text.empty} hint={text.emptyHint} />}
      {unsettled.length > 0 && <InvoiceSection title={text.unsettled} invoices={unsettled} />}
      {settled.length > 0 && <InvoiceSection title={text.settled} invoices={settled} />}
    </PageShell>
  );
}

function InvoiceSection({ title, invoices }: { title: string; invoices: InvoiceSummaryBody[] }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={title}>
      <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
        {title}
      </Text>
      <ul className={styles.list}>
        {invoices.map((invoice) => (
          <li key={invoice.number}>
            <InvoiceCard invoice={invoice} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function InvoiceCard({ invoice }: { invoice: InvoiceSummaryBody }) {
  const styles = useStyles();
  const text = billingZhHK.list;
  const owed = isUnsettled(invoice);
  const facts: [string, string][] = [
    [text.due, formatDate(invoice.dueOn) ?? invoice.dueOn],
    [text.fee, formatCents(invoice.fee.amountCents) ?? ''],
  ];
  return (
    <Card className={styles.card} data-testid="invoice">
      <div className={styles.head}>
        <Text as="h3" className={styles.number}>
          <RouterLink to={invoicePath(invoice.number)} className={styles.link}>
            {invoice.number}
          </RouterLink>
        </Text>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <Text size={200} className={styles.muted}>
        {text.caseNumber(invoice.caseId)}
      </Text>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt className={styles.term}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </Fragment>
        ))}
        {owed && (
          <>
            <dt className={styles.term}>{text.owed}</dt>
            <dd className={styles.owed}>{formatCents(Math.max(invoice.balanceCents, 0))}</dd>
          </>
        )}
        {invoice.balanceCents < 0 && (
          <>
            <dt className={styles.term}>{text.overpaid}</dt>
            <dd className={styles.value}>{formatCents(-invoice.balanceCents)}</dd>
          </>
        )}
      </dl>
      {invoice.daysOverdue > 0 && (
        <Text weight="semibold" className={styles.late}>
          {text.overdueDays(invoice.daysOverdue)}
        </Text>
      )}
    </Card>
  );
}
