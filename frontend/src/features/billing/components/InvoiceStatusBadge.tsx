import { Badge } from '@fluentui/react-components';
import type { InvoiceStatus } from '@/api/generated/model';
import { billingZhHK } from '@/i18n/billing-zh-HK';

const color = {
  open: 'brand',
  overdue: 'danger',
  paid: 'success',
  waived: 'subtle',
} as const;

/** Where an invoice stands: open, overdue, paid or waived, in the words of billing-zh-HK.ts. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge appearance="filled" color={color[status as keyof typeof color] ?? 'informative'}>
      {billingZhHK.status[status] ?? status}
    </Badge>
  );
}
