import type { InvoiceLineBody, InvoiceSummaryBody } from '@/api/generated/model';

/** Still owed: open, or past its due date. */
export function isUnsettled(invoice: Pick<InvoiceSummaryBody, 'status'>): boolean {
  return invoice.status === 'open' || invoice.status === 'overdue';
}

/** Money that came in or went back out, as opposed to what was charged or forgiven. */
function isMoney(line: InvoiceLineBody): boolean {
  return line.kind === 'payment' || line.kind === 'refund';
}

/** What a receipt states: what was charged (fee, charges, adjustments, credits, waivers) and what was paid (payments less refunds), in cents. */
export function receiptTotals(lines: readonly InvoiceLineBody[]): { charged: number; paid: number } {
  const charged = lines.filter((line) => !isMoney(line)).reduce((sum, line) => sum + line.amountCents, 0);
  const paid = -lines.filter(isMoney).reduce((sum, line) => sum + line.amountCents, 0);
  return { charged, paid };
}
