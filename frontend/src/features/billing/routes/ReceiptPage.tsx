import { Fragment } from 'react';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, PrintRegular } from '@fluentui/react-icons';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '@/api/api-error';
import { useGetReceipt } from '@/api/generated/billing/billing';
import type { InvoiceBody } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { supportContacts } from '@/config/legal';
import { invoicePath, paths } from '@/config/paths';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatDate } from '@/i18n/format';
import { formatCents } from '@/i18n/money';
import { t } from '@/i18n/zh-HK';
import { receiptTotals } from '../lib/invoice';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '800px',
    width: '100%',
    marginInline: 'auto',
  },
  sheet: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    '@media print': {
      padding: 0,
      border: 'none',
      borderRadius: 0,
      backgroundColor: 'transparent',
      fontSize: '11pt',
    },
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralForeground1}`,
  },
  issuer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  title: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    fontSize: tokens.fontSizeBase300,
    '& tr': { breakInside: 'avoid' },
  },
  cell: {
    textAlign: 'start',
    verticalAlign: 'top',
    paddingBlock: tokens.spacingVerticalS,
    paddingInlineEnd: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  headCell: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground3 },
  date: { whiteSpace: 'nowrap' },
  amount: { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', paddingInlineEnd: 0 },
  reason: { display: 'block', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  totals: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    marginInlineStart: 'auto',
    minWidth: '60%',
  },
  total: { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  paid: { fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500 },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    '@media print': { display: 'none' },
  },
});

/**
 * /my-invoices/:number/receipt: the receipt of an invoice paid in full, laid out as a document
 * that prints on A4 (the app's top bar, footer and this page's buttons hide in print).
 */
export function ReceiptPage() {
  const { number = '' } = useParams();
  const text = billingZhHK.receipt;
  const receipt = useGetReceipt(encodeURIComponent(number));
  const status = receipt.error instanceof ApiError ? receipt.error.status : undefined;
  const styles = useStyles();
  return (
    <div className={styles.page}>
      {status === 404 && (
        <EmptyState
          title={billingZhHK.invoice.notFound}
          hint={billingZhHK.invoice.notFoundHint}
          action={
            <ButtonLink to={paths.myInvoices} appearance="primary" icon={<ArrowLeftRegular />}>
              {billingZhHK.invoice.back}
            </ButtonLink>
          }
        />
      )}
      {status === 409 && (
        <EmptyState
          title={errorMessage(receipt.error, text.notPaid)}
          action={
            <ButtonLink to={invoicePath(number)} appearance="primary" icon={<ArrowLeftRegular />}>
              {text.back}
            </ButtonLink>
          }
        />
      )}
      {receipt.error && status !== 404 && status !== 409 && (
        <ErrorBanner message={errorMessage(receipt.error, text.loadFailed)} />
      )}
      {!receipt.data && !receipt.error && <LoadingState />}
      {receipt.data && <Receipt invoice={receipt.data} />}
    </div>
  );
}

function Receipt({ invoice }: { invoice: InvoiceBody }) {
  const styles = useStyles();
  const text = billingZhHK.receipt;
  const receiptNumber = invoice.receiptNumber ?? '';
  const { charged, paid } = receiptTotals(invoice.lines);
  const facts: [string, string][] = [
    [text.number, receiptNumber],
    [text.invoiceNumber, invoice.number],
    [text.caseNumber, String(invoice.caseId)],
    [text.payer, invoice.payer],
    [text.paidOn, formatDate(invoice.settledOn) ?? ''],
    [text.method, invoice.settledMethod ? (billingZhHK.method[invoice.settledMethod] ?? '') : ''],
  ];
  return (
    <>
      <title>{t.pageTitle(text.documentTitle(receiptNumber))}</title>
      <article className={styles.sheet} aria-labelledby="receipt-title" data-testid="receipt">
        <header className={styles.header}>
          <div className={styles.issuer}>
            <Text weight="bold" size={500}>
              {text.issuer}
            </Text>
            <Text size={200} className={styles.muted}>
              {text.contact(supportContacts.phone, supportContacts.email)}
            </Text>
          </div>
          <Text as="h1" size={800} weight="bold" className={styles.title} id="receipt-title">
            {text.title}
          </Text>
        </header>
        <dl className={styles.facts} aria-label={text.factsLabel}>
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt className={styles.term}>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <table className={styles.table} aria-label={text.linesLabel}>
          <thead>
            <tr>
              <th scope="col" className={mergeClasses(styles.cell, styles.headCell)}>
                {text.date}
              </th>
              <th scope="col" className={mergeClasses(styles.cell, styles.headCell)}>
                {text.item}
              </th>
              <th scope="col" className={mergeClasses(styles.cell, styles.headCell, styles.amount)}>
                {text.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={`${line.on}-${line.kind}-${index}`} data-testid="receipt-line">
                <td className={mergeClasses(styles.cell, styles.date)}>{formatDate(line.on) ?? line.on}</td>
                <td className={styles.cell}>
                  {billingZhHK.kind[line.kind] ?? line.kind}
                  {line.reason && <span className={styles.reason}>{line.reason}</span>}
                  {line.method && (
                    <span className={styles.reason}>
                      {billingZhHK.invoice.payment(billingZhHK.method[line.method] ?? line.method, line.reference)}
                    </span>
                  )}
                </td>
                <td className={mergeClasses(styles.cell, styles.amount)}>{formatCents(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.totals}>
          <dt>{text.charged}</dt>
          <dd className={styles.total}>{formatCents(charged)}</dd>
          <dt className={styles.paid}>{text.totalPaid}</dt>
          <dd className={mergeClasses(styles.total, styles.paid)} data-testid="total-paid">
            {formatCents(paid)}
          </dd>
        </dl>
        <Text size={200} className={styles.muted}>
          {text.note}
        </Text>
      </article>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<PrintRegular />} onClick={() => window.print()}>
          {text.print}
        </Button>
        <ButtonLink to={invoicePath(invoice.number)} icon={<ArrowLeftRegular />}>
          {text.back}
        </ButtonLink>
      </div>
    </>
  );
}
