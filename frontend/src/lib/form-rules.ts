/**
 * The server's rules for what a form's fields hold, checked as the person types so every problem
 * shows before sending, in the server's words (src/i18n/rules-zh-HK.ts) and with the server's
 * numbers (src/api/form-limits.ts). Each form's rules (features/<area>/lib) put them together.
 */
import { FEE_MAX_DOLLARS } from '@/api/form-limits';
import { rulesZhHK } from '@/i18n/rules-zh-HK';
import { type ContactExchange, contactProblem } from './contact-details';
import { realTextProblem } from './real-text';

/**
 * How much of a field's problems to show: `typing`, only what more typing cannot fix (a phone
 * number, too many characters, a number too high); `left`, once the person moved on from the
 * field, also what was still incomplete (too short, too low); `submit`, also an empty required
 * field.
 */
export type CheckMode = 'typing' | 'left' | 'submit';

/** Free text: at most `max` characters; says something (at least `minChars`); no contact details. */
export interface TextRules {
  max: number;
  minChars?: number;
  exchange?: ContactExchange;
}

/**
 * The first rule `text` breaks, in the server's order: length, contact details, then whether it
 * says something. Empty text breaks none: whether a field is required is the form's to say.
 */
export function textProblem(text: string, label: string, rules: TextRules, mode: CheckMode): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if ([...trimmed].length > rules.max) return rulesZhHK.tooLong(label, rules.max);
  const contact = rules.exchange && contactProblem(trimmed, label, rules.exchange);
  if (contact) return contact;
  return rules.minChars !== undefined && mode !== 'typing'
    ? realTextProblem(trimmed, label, rules.minChars)
    : undefined;
}

/**
 * A whole number from `min` to `max` (the server's `in_range`). While typing, only a number no
 * further digit brings into range: above the maximum, or below zero.
 */
export function rangeProblem(
  value: number,
  label: string,
  range: { min: number; max: number },
  unit: string,
  mode: CheckMode,
): string | undefined {
  const low = mode === 'typing' ? value < Math.min(0, range.min) : value < range.min;
  return low || value > range.max ? rulesZhHK.inRange(label, range.min, range.max, unit) : undefined;
}

/**
 * A fee per lesson in dollars (the server's `Rate::from_dollars`): more than 0, at most the
 * maximum, whole cents. While typing, 0 may still become 0.5: only a negative fee is refused.
 */
export function feeProblem(dollars: number, mode: CheckMode): string | undefined {
  if (dollars <= 0) return mode !== 'typing' || dollars < 0 ? rulesZhHK.feeNotPositive : undefined;
  if (dollars > FEE_MAX_DOLLARS) return rulesZhHK.feeTooHigh(FEE_MAX_DOLLARS);
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) return rulesZhHK.feeDecimals;
  // A positive amount under half a cent rounds to nothing: it is not a fee.
  return cents < 1 ? rulesZhHK.feeNotPositive : undefined;
}

/** A date (`YYYY-MM-DD`) from `today` on, or the one the record already had (`kept`). */
export function startDateProblem(date: string, today: string, kept = ''): string | undefined {
  return date !== '' && date < today && date !== kept ? rulesZhHK.startDatePast : undefined;
}

/** Today's date in Hong Kong (UTC+8 all year), as `YYYY-MM-DD`: what the server compares with. */
export function hongKongToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
