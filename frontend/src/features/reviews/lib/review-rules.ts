/**
 * What a review and a reply must be, as the server's `ReviewForm` and `ReviewText` have it, in
 * its words and with its limits (src/api/form-limits.ts): stars from 1 to 5; words that say
 * something (a review has at least REVIEW_TEXT_MIN_CHARS characters, not one repeated), within
 * the length, with no contact details (both are public).
 */
import { REVIEW_TEXT_MAX_CHARS, REVIEW_TEXT_MIN_CHARS } from '@/api/form-limits';
import { reviewsZhHK } from '@/i18n/reviews-zh-HK';
import { type CheckMode, textProblem } from '@/lib/form-rules';

export type ReviewErrors = { rating?: string; text?: string };

/** A review's problems; `mode` says how much to show while the person types. */
export function checkReview(rating: number, text: string, mode: CheckMode = 'submit'): ReviewErrors {
  const words = reviewsZhHK.form;
  const errors: ReviewErrors = {};
  if (mode === 'submit' && rating < 1) errors.rating = words.ratingRequired;
  const problem =
    mode === 'submit' && text.trim() === ''
      ? words.textRequired
      : textProblem(
          text,
          words.text,
          { max: REVIEW_TEXT_MAX_CHARS, minChars: REVIEW_TEXT_MIN_CHARS, exchange: 'review' },
          mode,
        );
  if (problem) errors.text = problem;
  return errors;
}

/** What keeps a tutor's reply from being sent, as typed: too long, or a contact detail. */
export function replyProblem(text: string): string | undefined {
  return textProblem(text, reviewsZhHK.reply.name, { max: REVIEW_TEXT_MAX_CHARS, exchange: 'review' }, 'typing');
}
