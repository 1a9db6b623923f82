import { Suspense, useId, useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons';
import { useListTutorBookings } from '@/api/generated/bookings/bookings';
import { LoadingState } from '@/components/LoadingState';
import { Surface } from '@/components/Surface';
import { bookingsZhHK } from '@/i18n/bookings-zh-HK';
import { hasDraft } from '@/lib/form-draft';
import { lazy } from '@/lib/lazy';
import { useSession } from '@/session/session';
import { bookingDraftKey } from '../lib/booking-draft';

// The form and a member's own bookings with this tutor load when they are shown: a visitor reading
// the profile does not carry them before tapping the box's button
// (docs/adr/0076-public-pages-under-150-kib.md).
const BookingForm = lazy(async () => ({ default: (await import('./BookingForm')).BookingForm }));
const BookingTable = lazy(async () => ({ default: (await import('./BookingTable')).BookingTable }));

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  // Phones first: a 44 px tap target.
  open: { minHeight: '44px', alignSelf: 'flex-start' },
});

/**
 * The booking box of a tutor's profile (spec §2). A member, and a visitor with a booking typed
 * before the login prompt (its draft), find the form open; a visitor opens it with the box's
 * button (`box.open`), and its first field takes the focus. Below it, for a member, the tutor's bookings (others' names masked by
 * the server). A tutor does not book themself.
 */
export function BookingBox({ tutorId, subjects }: { tutorId: string; subjects: readonly string[] }) {
  const styles = useStyles();
  const text = bookingsZhHK.box;
  const session = useSession();
  const bookings = useListTutorBookings(tutorId, { swr: { enabled: session.isLoggedIn } });
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const isOwnProfile = session.user?.id === tutorId;
  const formShown = opened || session.isLoggedIn || hasDraft(bookingDraftKey(tutorId));

  return (
    <Surface className={styles.card} data-testid="booking-box">
      <Text as="h2" id={headingId} size={500} weight="semibold" className={styles.heading}>
        {text.heading}
      </Text>
      {!isOwnProfile && <Text className={styles.muted}>{text.intro}</Text>}
      {!isOwnProfile &&
        (formShown ? (
          <Suspense fallback={<LoadingState />}>
            <BookingForm
              tutorId={tutorId}
              subjects={subjects}
              headingId={headingId}
              autoFocus={opened}
              onBooked={() => bookings.mutate()}
            />
          </Suspense>
        ) : (
          <Button
            appearance="primary"
            icon={<CalendarAddRegular />}
            className={styles.open}
            onClick={() => setOpened(true)}
          >
            {text.open}
          </Button>
        ))}
      {session.isLoggedIn && (
        <Suspense fallback={null}>
          <BookingTable items={bookings.data?.items} error={bookings.error} />
        </Suspense>
      )}
    </Surface>
  );
}
