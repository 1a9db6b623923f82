import { Fragment, useState } from 'react';
import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { acceptBooking, cancelBooking, declineBooking, useListMyBookings } from '@/api/generated/bookings/bookings';
import type { BookingBody } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { arrangementPath } from '@/config/paths';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatDateTime } from '@/i18n/format';
import { ContactLinks } from '@/components/ContactLinks';
import { lessonsZhHK } from '@/i18n/lessons-zh-HK';
import { bookingsZhHK } from '@/i18n/bookings-zh-HK';
import { levelSubjectName } from '@/lib/tutor-teaching';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  action: { minHeight: '44px', minWidth: '88px' },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  next: { color: tokens.colorNeutralForeground2 },
});

/** What the booker asked for, as the tutor weighs it before accepting. */
function BookingFacts({ booking }: { booking: BookingBody }) {
  const styles = useStyles();
  const text = bookingsZhHK.myBookings;
  const place = booking.lessonPlace && bookingsZhHK.box.place_[booking.lessonPlace];
  const facts: [string, string | undefined][] = [
    [text.facts.subject, booking.subject && levelSubjectName(booking.subject)],
    [text.facts.place, place],
    [text.facts.message, booking.message],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.detail}>{value ?? text.notGiven}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The next step for this viewer, so neither side wonders what happens now. */
function nextStep(booking: BookingBody): string | undefined {
  const next = bookingsZhHK.myBookings.next;
  switch (booking.status) {
    case 'pending':
      return booking.forMe ? next.decide : next.waitForTutor;
    case 'accepted':
      return next.accepted;
    case 'declined':
      return booking.mine ? next.declined : undefined;
    default:
      return undefined;
  }
}

// Plain functions, not the mutation hooks: each row acts on its own booking, and the hooks take
// the booking id when the page renders (one hook per row would key every action apart).
type Action = (id: string) => Promise<BookingBody>;

/** /my-bookings: the tutor accepts or declines bookings received; the booker cancels their own. */
export function MyBookingsPage() {
  const styles = useStyles();
  const text = bookingsZhHK.myBookings;
  const bookings = useListMyBookings();
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const act = async (id: string, action: Action) => {
    setBusy(id);
    setFailure(undefined);
    try {
      await action(id);
      await bookings.mutate();
    } catch (error) {
      setFailure(errorMessage(error, text.actionFailed));
    } finally {
      setBusy(undefined);
    }
  };

  const items = bookings.data?.items ?? [];
  return (
    <PageShell title={text.title} intro={text.intro}>
      {failure && <ErrorBanner message={failure} />}
      {bookings.error && <ErrorBanner message={errorMessage(bookings.error, text.loadFailed)} />}
      {!bookings.data && !bookings.error && <LoadingState />}
      {bookings.data && items.length === 0 && <EmptyState title={text.empty} />}
      <ul className={styles.list}>
        {items.map((b) => (
          <li key={b.id}>
            <Card className={styles.card} data-testid="my-booking">
              <div className={styles.head}>
                <Badge appearance="tint" color={b.forMe ? 'brand' : 'informative'}>
                  {b.forMe ? text.received : text.made}
                </Badge>
                <Badge
                  appearance="filled"
                  color={b.status === 'accepted' ? 'success' : b.status === 'pending' ? 'warning' : 'subtle'}
                >
                  {bookingsZhHK.box.status_[b.status] ?? b.status}
                </Badge>
                <Text size={200} className={styles.muted}>
                  {formatDateTime(b.createdAt)}
                </Text>
              </div>
              <Text weight="semibold">{b.bookingTime}</Text>
              <Text>{b.forMe ? text.fromUser(b.userName) : text.withTutor(b.tutorName)}</Text>
              <BookingFacts booking={b} />
              {nextStep(b) && <Text className={styles.next}>{nextStep(b)}</Text>}
              {b.forMe && b.status === 'pending' && (
                <Text size={200} className={styles.muted} data-testid="no-service-fee">
                  {billingZhHK.bookingNoFee}
                </Text>
              )}
              {b.contact && <ContactLinks name={b.contact.name} phone={b.contact.phone} />}
              <div className={styles.actions}>
                {b.status === 'accepted' && (
                  <ButtonLink to={arrangementPath(b.id)} appearance="secondary" className={styles.action}>
                    {lessonsZhHK.open}
                  </ButtonLink>
                )}
                {b.forMe && b.status === 'pending' && (
                  <>
                    <Button
                      appearance="primary"
                      className={styles.action}
                      disabled={busy !== undefined}
                      onClick={() => void act(b.id, acceptBooking)}
                    >
                      {text.accept}
                    </Button>
                    <Button
                      className={styles.action}
                      disabled={busy !== undefined}
                      onClick={() => void act(b.id, declineBooking)}
                    >
                      {text.decline}
                    </Button>
                  </>
                )}
                {b.mine && (b.status === 'pending' || b.status === 'accepted') && (
                  <Button
                    className={styles.action}
                    disabled={busy !== undefined}
                    onClick={() => void act(b.id, cancelBooking)}
                  >
                    {text.cancel}
                  </Button>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
