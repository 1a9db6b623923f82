import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ReceiptRegular } from '@fluentui/react-icons';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '@/api/api-error';
import { useGetInvoice } from '@/api/generated/billing/billing';
import type { InvoiceBody } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { DetailCard, FactList } from '@/components/DetailLayout';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { serviceFeeFormula } from '@/components/ServiceFee';
import { paths, receiptPath } from '@/config/paths';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatDate, formatDateTime } from '@/i18n/format';
import { formatBasisPoints, formatCents } from '@/i18n/money';
import { FpsPayment } from '../components/FpsPayment';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge';
import { ProofForm } from '../components/ProofForm';
import { StatementLines } from '../components/StatementLines';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { margin: 0, overflowWrap: 'anywhere' },
  owed: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
  },
  owedAmount: { color: tokens.colorBrandForeground1 },
  late: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    paddingInlineStart: '20px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * /my-invoices/:number: one invoice as its tutor reads it today: the facts, what is owed and
 * how the fee was computed, the statement line by line, due-date moves, paying by FPS and
 * proofs of payment while something is owed, and the receipt once paid. Anyone else's invoice
 * is not found.
 */
export function InvoicePage() {
  const { number = '' } = useParams();
  const text = billingZhHK.invoice;
  // The number as one path segment, whatever was typed in the address bar.
  const invoice = useGetInvoice(encodeURIComponent(number));
  const notFound = invoice.error instanceof ApiError && invoice.error.status === 404;
  const back = (
    <ButtonLink to={paths.myInvoices} appearance={notFound ? 'primary' : 'secondary'} icon={<ArrowLeftRegular />}>
      {text.back}
    </ButtonLink>
  );
  return (
    <PageShell title={invoice.data ? text.titleOf(invoice.data.number) : text.title}>
      {notFound && <EmptyState title={text.notFound} hint={text.notFoundHint} action={back} />}
      {invoice.error && !notFound && <ErrorBanner message={errorMessage(invoice.error, text.loadFailed)} />}
      {!invoice.data && !invoice.error && <LoadingState />}
      {invoice.data && (
        <InvoiceView
          invoice={invoice.data}
          // The proof's answer is the invoice as it stands: shown as it is, no second request.
          onChanged={(next) => invoice.mutate(next, { revalidate: false })}
        />
      )}
      {!notFound && <div>{back}</div>}
    </PageShell>
  );
}

function InvoiceView({ invoice, onChanged }: { invoice: InvoiceBody; onChanged: (next: InvoiceBody) => unknown }) {
  const styles = useStyles();
  const text = billingZhHK.invoice;
  const facts: [string, string][] = [
    [text.number, invoice.number],
    [text.caseNumber, String(invoice.caseId)],
    [text.payer, invoice.payer],
    [text.issuedAt, formatDate(invoice.issuedAt) ?? ''],
    [text.dueOn, formatDate(invoice.dueOn) ?? invoice.dueOn],
    [text.firstLesson, formatDateTime(invoice.firstLessonAt) ?? ''],
  ];
  if (invoice.settledOn) facts.push([text.settledOn, formatDate(invoice.settledOn) ?? invoice.settledOn]);
  if (invoice.settledMethod) facts.push([text.settledMethod, billingZhHK.method[invoice.settledMethod] ?? '']);
  // Owed today: the server sends the FPS code exactly then.
  const owed = invoice.balanceCents > 0;
  return (
    <>
      <DetailCard testId="invoice-summary">
        <div className={styles.head}>
          <Text as="h2" size={600} weight="bold" className={styles.title}>
            {invoice.number}
          </Text>
          <InvoiceStatusBadge status={invoice.status} />
        </div>
        <FactList label={text.factsLabel} facts={facts} />
        <div className={styles.owed} data-testid="owed-today">
          <Text weight="semibold">{text.owedToday}</Text>
          <Text size={800} weight="bold" className={styles.owedAmount}>
            {formatCents(Math.max(invoice.balanceCents, 0))}
          </Text>
          <Text size={200} className={styles.muted}>
            {text.asOf(formatDate(invoice.statementOn) ?? invoice.statementOn)}
          </Text>
          {invoice.daysOverdue > 0 && (
            <Text weight="semibold" className={styles.late}>
              {text.overdue(invoice.daysOverdue)}
            </Text>
          )}
          {owed && (
            <Text size={200} className={invoice.daysOverdue >= invoice.penaltyDay ? styles.late : styles.muted}>
              {text.restricted(invoice.penaltyDay)}
            </Text>
          )}
          {invoice.balanceCents < 0 && <Text>{text.credit(formatCents(-invoice.balanceCents) ?? '')}</Text>}
        </div>
        {invoice.status === 'paid' && <Text>{text.paidNote}</Text>}
        {invoice.status === 'waived' && <Text>{text.waivedNote}</Text>}
        {invoice.receiptNumber && (
          <div className={styles.actions}>
            <ButtonLink to={receiptPath(invoice.number)} appearance="primary" icon={<ReceiptRegular />}>
              {text.receipt}
            </ButtonLink>
          </div>
        )}
      </DetailCard>

      {/* On a phone the way to pay comes first, right under what is owed. */}
      {invoice.fps && <FpsPayment fps={invoice.fps} number={invoice.number} />}
      {owed && <ProofForm number={invoice.number} onUploaded={onChanged} />}

      <DetailCard testId="fee-computed">
        <Text as="h2" size={500} weight="semibold" className={styles.title}>
          {text.computedHeading}
        </Text>
        <Text>{serviceFeeFormula(invoice.fee)}</Text>
        <Text size={200} className={styles.muted}>
          {text.lateTerms(
            formatBasisPoints(invoice.interestBasisPointsPerMonth),
            invoice.penaltyPercent,
            invoice.penaltyDay,
          )}
        </Text>
      </DetailCard>

      <DetailCard testId="statement">
        <Text as="h2" size={500} weight="semibold" className={styles.title}>
          {text.linesHeading}
        </Text>
        <Text size={200} className={styles.muted}>
          {text.asOf(formatDate(invoice.statementOn) ?? invoice.statementOn)}
        </Text>
        <StatementLines lines={invoice.lines} balanceCents={invoice.balanceCents} />
      </DetailCard>

      {invoice.dueChanges.length > 0 && (
        <DetailCard testId="due-changes">
          <Text as="h2" size={500} weight="semibold" className={styles.title}>
            {text.dueChangesHeading}
          </Text>
          <ul className={styles.list}>
            {invoice.dueChanges.map((change) => (
              <li key={change.at}>
                <Text>
                  {text.dueChange(
                    formatDate(change.from) ?? change.from,
                    formatDate(change.to) ?? change.to,
                    change.reason,
                  )}
                </Text>{' '}
                <Text size={200} className={styles.muted}>
                  {text.dueChangedAt(formatDateTime(change.at) ?? change.at)}
                </Text>
              </li>
            ))}
          </ul>
        </DetailCard>
      )}

      {invoice.proofs.length > 0 && (
        <DetailCard testId="proofs">
          <Text as="h2" size={500} weight="semibold" className={styles.title}>
            {billingZhHK.proof.listHeading}
          </Text>
          <ul className={styles.list}>
            {invoice.proofs.map((proof) => (
              <li key={`${proof.uploadedAt}-${proof.reference}`} data-testid="proof">
                <Text>{billingZhHK.proof.listed(proof.reference, formatDateTime(proof.uploadedAt) ?? '')}</Text>
              </li>
            ))}
          </ul>
        </DetailCard>
      )}
    </>
  );
}
