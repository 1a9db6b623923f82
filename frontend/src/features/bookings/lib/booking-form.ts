/**
 * What a booking must be before it is sent, as the server's `BookingTime` and `BookingDetails`
 * have it, in its words and with its limits (src/api/form-limits.ts): a time, both the time and
 * the message within their lengths and with no contact details (the two sides see each other's
 * phone once the tutor accepts). The server also checks the subject against the tutor's.
 */
import { BOOKING_MESSAGE_MAX_CHARS, BOOKING_TIME_MAX_CHARS } from '@/api/form-limits';
import { bookingsZhHK } from '@/i18n/bookings-zh-HK';
import { type CheckMode, textProblem } from '@/lib/form-rules';

/** The booking box's fields as typed. */
export type BookingValues = { bookingTime: string; subject: string; lessonPlace: string; message: string };
export type BookingErrors = Partial<Record<keyof BookingValues, string>>;

/** A booking's problems; `mode` says how much to show while the person types. */
export function checkBooking(values: BookingValues, mode: CheckMode = 'submit'): BookingErrors {
  const text = bookingsZhHK.box;
  const errors: BookingErrors = {};
  const time =
    mode === 'submit' && values.bookingTime.trim() === ''
      ? text.required
      : textProblem(values.bookingTime, text.bookingTime, { max: BOOKING_TIME_MAX_CHARS, exchange: 'booking' }, mode);
  if (time) errors.bookingTime = time;
  const message = textProblem(
    values.message,
    text.messageName,
    { max: BOOKING_MESSAGE_MAX_CHARS, exchange: 'booking' },
    mode,
  );
  if (message) errors.message = message;
  return errors;
}
