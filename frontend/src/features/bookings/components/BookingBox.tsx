import { type FormEvent, useId, useState } from 'react';
import {
  Button,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrors } from '@/api/api-error';
import { createBooking, useListTutorBookings } from '@/api/generated/bookings/bookings';
import { LessonPlace, type BookingRequest } from '@/api/generated/model';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { BOOKING_MESSAGE_MAX_CHARS } from '@/config/limits';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { t } from '@/i18n/zh-HK';
import { useLoginPath } from '@/session/next-path';
import { useSession } from '@/session/session';
import { BookingTable } from './BookingTable';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Phones first: every control is at least a 44 px tap target.
  control: { minHeight: '44px' },
  submit: { minHeight: '44px', minWidth: '120px' },
});

type Values = { bookingTime: string; subject: string; lessonPlace: string; message: string };
type Errors = Partial<Record<keyof Values, string>>;
const empty: Values = { bookingTime: '', subject: '', lessonPlace: '', message: '' };

/** What the booker must see before sending; the server checks it all again (and the subject against the profile). */
function validate(values: Values): Errors {
  const text = t.bookings.box;
  const errors: Errors = {};
  if (values.bookingTime.trim() === '') errors.bookingTime = text.required;
  if ([...values.message.trim()].length > BOOKING_MESSAGE_MAX_CHARS) {
    errors.message = text.messageTooLong(BOOKING_MESSAGE_MAX_CHARS);
  }
  return errors;
}

function requestOf(tutorId: string, values: Values): BookingRequest {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    tutorId,
    bookingTime: values.bookingTime.trim(),
    subject: optional(values.subject),
    lessonPlace: optional(values.lessonPlace) as LessonPlace | undefined,
    message: optional(values.message),
  };
}

/**
 * The booking box of a tutor's profile (spec §2): a free-text time, and, so the tutor can decide
 * before accepting, one of the tutor's subjects, where the lessons happen and a short message.
 * Logged out, "book" goes to login and comes back here. Below it, the tutor's bookings (others'
 * names masked by the server).
 */
export function BookingBox({ tutorId, subjects }: { tutorId: string; subjects: readonly string[] }) {
  const styles = useStyles();
  const text = t.bookings.box;
  const session = useSession();
  const navigate = useNavigate();
  const login = useLoginPath();
  const { formRef, revealAfter } = useFormFeedback();
  const bookings = useListTutorBookings(tutorId, { swr: { enabled: session.isLoggedIn } });
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);
  const isOwnProfile = session.user?.id === tutorId;
  const headingId = useId();

  const set = (field: keyof Values, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };
  const fieldProps = (field: keyof Values) => ({
    validationState: errors[field] ? ('error' as const) : ('none' as const),
    validationMessage: errors[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session.isLoggedIn) {
      void navigate(login);
      return;
    }
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setResult(undefined);
    try {
      await createBooking(requestOf(tutorId, values));
      setValues(empty);
      setResult({ ok: true, message: text.success });
      await bookings.mutate();
    } catch (error) {
      setErrors((fieldErrors(error) ?? {}) as Errors);
      setResult({ ok: false, message: text.failed(errorMessage(error, text.unknownReason)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.card} data-testid="booking-box">
      <Text as="h2" id={headingId} size={500} weight="semibold" className={styles.heading}>
        {text.heading}
      </Text>
      {!isOwnProfile && (
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={revealAfter(submit)}
          noValidate
          aria-labelledby={headingId}
        >
          <Text className={styles.muted}>{text.intro}</Text>
          <Field label={text.bookingTime} hint={text.bookingTimeHint} required {...fieldProps('bookingTime')}>
            <Input
              className={styles.control}
              value={values.bookingTime}
              placeholder={text.bookingTimePlaceholder}
              onChange={(_, d) => set('bookingTime', d.value)}
            />
          </Field>
          {subjects.length > 0 && (
            <Field label={text.subject} hint={text.subjectHint} {...fieldProps('subject')}>
              <Select className={styles.control} value={values.subject} onChange={(_, d) => set('subject', d.value)}>
                <option value="">{text.chooseSubject}</option>
                {subjects.map((subject) => (
                  <option key={subject} value={subject}>
                    {subject}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={text.lessonPlace} {...fieldProps('lessonPlace')}>
            <Select
              className={styles.control}
              value={values.lessonPlace}
              onChange={(_, d) => set('lessonPlace', d.value)}
            >
              <option value="">{text.choosePlace}</option>
              {Object.values(LessonPlace).map((place) => (
                <option key={place} value={place}>
                  {text.place_[place]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={text.message}
            hint={text.messageHint([...values.message].length, BOOKING_MESSAGE_MAX_CHARS)}
            {...fieldProps('message')}
          >
            <Textarea value={values.message} rows={3} resize="vertical" onChange={(_, d) => set('message', d.value)} />
          </Field>
          <div>
            <Button type="submit" appearance="primary" className={styles.submit} disabled={busy}>
              {busy ? text.booking : session.isLoggedIn ? text.book : text.loginToBook}
            </Button>
          </div>
        </form>
      )}
      {result && (
        <MessageBar intent={result.ok ? 'success' : 'error'} layout="multiline" role={result.ok ? 'status' : 'alert'}>
          <MessageBarBody>
            {result.message}
            {result.ok && (
              <>
                {' '}
                {text.successNext}{' '}
                <RouterLink to={paths.myBookings} inline>
                  {text.toMyBookings}
                </RouterLink>
              </>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {session.isLoggedIn && <BookingTable items={bookings.data?.items} error={bookings.error} />}
    </Card>
  );
}
