/**
 * Whether free text others will read says something, as the server decides it
 * (crates/domain/src/shared/real_text.rs): enough characters after trimming, at least two
 * letters (Chinese characters included), not one letter over and over. Tested against
 * crates/domain/tests/vectors/contact-details.json with the server.
 */
import { rulesZhHK } from '@/i18n/rules-zh-HK';

/** The rule a text broke, first broken first (the server's `NotRealText`). */
export type NotRealText = 'tooShort' | 'noWords' | 'repeated';

/** Rust's `char::is_alphabetic`. */
const LETTER = /\p{Alphabetic}/u;
/** Rust's `char::is_alphanumeric`. */
const ALPHANUMERIC = /[\p{Alphabetic}\p{N}]/u;

export function realTextRule(text: string, minChars: number): NotRealText | undefined {
  const chars = [...text.trim()];
  if (chars.length < minChars) return 'tooShort';
  const letters = chars.filter((c) => LETTER.test(c));
  if (letters.length < 2) return 'noWords';
  // One character over and over, digits counted: "S5 S6" names two forms.
  const characters = chars.filter((c) => ALPHANUMERIC.test(c));
  return characters.every((c) => c === characters[0]) ? 'repeated' : undefined;
}

/** The server's message for a field `label` whose text says nothing, if it does not. */
export function realTextProblem(text: string, label: string, minChars: number): string | undefined {
  switch (realTextRule(text, minChars)) {
    case 'tooShort':
      return rulesZhHK.tooShort(label, minChars);
    case 'noWords':
      return rulesZhHK.noWords(label);
    case 'repeated':
      return rulesZhHK.repeated(label);
    default:
      return undefined;
  }
}
