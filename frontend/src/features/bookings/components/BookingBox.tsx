import { type FormEvent, useState } from 'react';
import {
  Button,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/api/api-error';
import { createBooking, useListTutorBookings } from '@/api/generated/bookings/bookings';
import { t } from '@/i18n/zh-HK';
import { useLoginPath } from '@/session/next-path';
import { useSession } from '@/session/session';
import { BookingTable } from './BookingTable';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * The booking box of a tutor's profile (spec §2): a free-text time and "book"; logged out,
 * "book" goes to login. Below it, the tutor's bookings (others' names masked by the server).
 */
export function BookingBox({ tutorId }: { tutorId: string }) {
  const styles = useStyles();
  const text = t.bookings.box;
  const session = useSession();
  const navigate = useNavigate();
  const login = useLoginPath();
  const bookings = useListTutorBookings(tutorId, { swr: { enabled: session.isLoggedIn } });
  const [time, setTime] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);
  const isOwnProfile = session.user?.id === tutorId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session.isLoggedIn) {
      void navigate(login);
      return;
    }
    if (time.trim() === '') {
      setFieldError(text.required);
      return;
    }
    setBusy(true);
    setResult(undefined);
    try {
      await createBooking({ tutorId, bookingTime: time.trim() });
      setTime('');
      setResult({ ok: true, message: text.success });
      await bookings.mutate();
    } catch (error) {
      setResult({ ok: false, message: text.failed(errorMessage(error, text.unknownReason)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.card} data-testid="booking-box">
      <Text as="h2" size={500} weight="semibold" className={styles.heading}>
        {text.heading}
      </Text>
      {!isOwnProfile && (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <Field label={text.bookingTime} hint={text.bookingTimeHint} validationMessage={fieldError} required>
            <Input
              value={time}
              placeholder={text.bookingTimePlaceholder}
              onChange={(_, d) => {
                setTime(d.value);
                setFieldError(undefined);
              }}
            />
          </Field>
          <div>
            <Button type="submit" appearance="primary" disabled={busy}>
              {busy ? text.booking : session.isLoggedIn ? text.book : text.loginToBook}
            </Button>
          </div>
        </form>
      )}
      {result && (
        <MessageBar intent={result.ok ? 'success' : 'error'} layout="multiline" role={result.ok ? 'status' : 'alert'}>
          <MessageBarBody>{result.message}</MessageBarBody>
        </MessageBar>
      )}
      {session.isLoggedIn && <BookingTable items={bookings.data?.items} error={bookings.error} />}
    </Card>
  );
}
