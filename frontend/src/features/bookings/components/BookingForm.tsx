import { type FormEvent, useState } from 'react';
import { Button, Field, Input, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { bannerError, fieldErrors } from '@/api/api-error';
import { useCreateBooking } from '@/api/generated/bookings/bookings';
import { LessonPlace, type BookingRequest } from '@/api/generated/model';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RouterLink } from '@/components/RouterLink';
import { SuccessBanner } from '@/components/SuccessBanner';
import { paths } from '@/config/paths';
import { BOOKING_MESSAGE_MAX_CHARS } from '@/config/limits';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { useLiveErrors } from '@/hooks/use-live-errors';
import { bookingsZhHK } from '@/i18n/bookings-zh-HK';
import { clearDraft, readDraft, saveDraft } from '@/lib/form-draft';
import { levelSubjectName } from '@/lib/tutor-teaching';
import { useLoginPath } from '@/session/next-path';
import { useSession } from '@/session/session';
import { bookingDraftKey } from '../lib/booking-draft';
import { type BookingErrors, type BookingValues, checkBooking } from '../lib/booking-form';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Phones first: every control is at least a 44 px tap target.
  control: { minHeight: '44px' },
  submit: { minHeight: '44px', minWidth: '120px' },
});

type Values = BookingValues;
type Errors = BookingErrors;
const empty: Values = { bookingTime: '', subject: '', lessonPlace: '', message: '' };

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

interface BookingFormProps {
  tutorId: string;
  subjects: readonly string[];
  /** The box's heading, which names the form. */
  headingId: string;
  /** Opened by a tap on the box's button: the first field takes the focus the button had. */
  autoFocus: boolean;
  /** A booking was made: the box reads the tutor's bookings again. */
  onBooked: () => Promise<unknown>;
}

/**
 * The booking form of a tutor's profile (spec §2): a free-text time, and, so the tutor can decide
 * before accepting, one of the tutor's subjects, where the lessons happen and a short message.
 * Logged out, "book" keeps what was typed, goes to login and comes back here to it.
 */
export function BookingForm({ tutorId, subjects, headingId, autoFocus, onBooked }: BookingFormProps) {
  const styles = useStyles();
  const text = bookingsZhHK.box;
  const session = useSession();
  const navigate = useNavigate();
  const login = useLoginPath();
  const { formRef, revealAfter } = useFormFeedback();
  const [values, setValues] = useState<Values>(() => readDraft(bookingDraftKey(tutorId), empty));
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const create = useCreateBooking();
  // Kept by hand rather than `create.isMutating`: the form stays busy until the list has been
  // revalidated too, not only while the booking is sent.
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Values, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };
  // The server's rules as the booker types (lengths, no contact details), each under its field.
  const live = useLiveErrors<keyof Values>((mode) => checkBooking(values, mode));
  const fieldProps = (field: keyof Values) => {
    const message = errors[field] ?? live.message(field);
    return {
      validationState: message ? ('error' as const) : ('none' as const),
      validationMessage: message,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session.isLoggedIn) {
      saveDraft(bookingDraftKey(tutorId), values);
      void navigate(login);
      return;
    }
    // What the booker must see before sending; the server checks it all again (and the subject
    // against the profile).
    const found = checkBooking(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setResult(undefined);
    try {
      await create.trigger(requestOf(tutorId, values));
      clearDraft(bookingDraftKey(tutorId));
      setValues(empty);
      setResult({ ok: true, message: text.success });
      await onBooked();
    } catch (error) {
      setErrors((fieldErrors(error) ?? {}) as Errors);
      // Each error once: a field's message under the field, the banner only for the rest.
      const shown = Object.keys(empty).filter((field) => field !== 'subject' || subjects.length > 0);
      const rest = bannerError(error, shown, text.unknownReason);
      setResult(rest === undefined ? undefined : { ok: false, message: text.failed(rest) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(submit)} noValidate aria-labelledby={headingId}>
      <Field label={text.bookingTime} hint={text.bookingTimeHint} required {...fieldProps('bookingTime')}>
        <Input
          className={styles.control}
          value={values.bookingTime}
          placeholder={text.bookingTimePlaceholder}
          autoFocus={autoFocus}
          onChange={(_, d) => set('bookingTime', d.value)}
          onBlur={live.leave('bookingTime')}
        />
      </Field>
      {subjects.length > 0 && (
        <Field label={text.subject} hint={text.subjectHint} {...fieldProps('subject')}>
          <Select className={styles.control} value={values.subject} onChange={(_, d) => set('subject', d.value)}>
            <option value="">{text.chooseSubject}</option>
            {subjects.map((subject) => (
              <option key={subject} value={subject}>
                {levelSubjectName(subject)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={text.lessonPlace} {...fieldProps('lessonPlace')}>
        <Select className={styles.control} value={values.lessonPlace} onChange={(_, d) => set('lessonPlace', d.value)}>
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
        <Textarea
          value={values.message}
          rows={3}
          resize="vertical"
          onChange={(_, d) => set('message', d.value)}
          onBlur={live.leave('message')}
        />
      </Field>
      <div>
        <Button type="submit" appearance="primary" className={styles.submit} disabled={busy}>
          {busy ? text.booking : session.isLoggedIn ? text.book : text.loginToBook}
        </Button>
      </div>
      {result?.ok === false && <ErrorBanner message={result.message} />}
      {result?.ok && (
        // Brought into view and focused as it appears: the form above it is a phone screen tall.
        <SuccessBanner message={result.message}>
          {' '}
          {text.successNext}{' '}
          <RouterLink to={paths.myBookings} inline>
            {text.toMyBookings}
          </RouterLink>
        </SuccessBanner>
      )}
    </form>
  );
}
