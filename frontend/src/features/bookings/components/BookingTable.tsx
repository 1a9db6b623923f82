import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import type { BookingBody } from '@/api/generated/model';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { bookingsZhHK } from '@/i18n/bookings-zh-HK';

const useStyles = makeStyles({
  mine: { fontWeight: tokens.fontWeightSemibold },
});

/** A tutor's bookings: time, user, status (spec §2). */
export function BookingTable({ items, error }: { items: BookingBody[] | undefined; error: unknown }) {
  const styles = useStyles();
  const text = bookingsZhHK.box;
  if (error) return <ErrorBanner message={errorMessage(error, text.loadFailed)} />;
  if (!items) return <LoadingState />;
  if (items.length === 0) return <EmptyState title={text.empty} compact />;
  return (
    <Table aria-label={text.tableLabel} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{text.time}</TableHeaderCell>
          <TableHeaderCell>{text.user}</TableHeaderCell>
          <TableHeaderCell>{text.status}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((b) => (
          <TableRow key={b.id} className={b.mine ? styles.mine : undefined} data-testid="booking-row">
            <TableCell>{b.bookingTime}</TableCell>
            <TableCell>{b.userName}</TableCell>
            <TableCell>{text.status_[b.status] ?? b.status}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
