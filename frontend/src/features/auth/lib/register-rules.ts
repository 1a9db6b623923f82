import { authZhHK } from '@/i18n/auth-zh-HK';
import { documentLabel, documentProblem } from '@/lib/documents';
import { t } from '@/i18n/zh-HK';
import { meetsPasswordRule } from './password-rules';

export type UserType = 'individual' | 'organization';

export interface RegisterDetails {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** `YYYY-MM-DD`, or '' until a whole date is picked. */
  birthdate: string;
  userType: UserType;
  businessRegistration: File | null;
  addressProof: File | null;
}

export type RegisterField = Exclude<keyof RegisterDetails, 'userType'> | 'userType';
export type RegisterErrors = Partial<Record<RegisterField, string>>;

export const emptyDetails: RegisterDetails = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  birthdate: '',
  userType: 'individual',
  businessRegistration: null,
  addressProof: null,
};

const MAX_CHINESE = 6;
const MAX_ENGLISH = 12;
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff]/u;
const ENGLISH = /[A-Za-z]/;

/**
 * Spec §5's display-name rules, first broken rule first (the domain's `DisplayName` has the
 * same order): letters or Chinese only, at most 6 Chinese, at most 12 English, at least one.
 */
export function nameProblem(raw: string): string | undefined {
  const rules = t.accounts.nameRules;
  const chars = [...raw.trim()];
  if (raw === '') return rules.required;
  if (chars.some((c) => !(CHINESE.test(c) || ENGLISH.test(c) || /\s/.test(c)))) return rules.onlyLetters;
  if (chars.filter((c) => CHINESE.test(c)).length > MAX_CHINESE) return rules.tooManyChinese(MAX_CHINESE);
  if (chars.filter((c) => ENGLISH.test(c)).length > MAX_ENGLISH) return rules.tooManyEnglish(MAX_ENGLISH);
  if (!chars.some((c) => CHINESE.test(c) || ENGLISH.test(c))) return rules.atLeastOne;
  return undefined;
}

/** Enough of an address to be worth asking the server about; the server has the last word. */
export function looksLikeEmail(raw: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw.trim());
}

/** What the user must fix before the form is sent (spec §5, registration). */
export function validateDetails(details: RegisterDetails): RegisterErrors {
  const text = authZhHK.register;
  const errors: RegisterErrors = {};
  const name = nameProblem(details.name);
  if (name) errors.name = name;
  if (details.email.trim() === '') errors.email = text.emailRequired;
  else if (!looksLikeEmail(details.email)) errors.email = text.emailInvalid;
  if (!meetsPasswordRule(details.password)) errors.password = text.passwordRule;
  if (details.confirmPassword !== details.password) errors.confirmPassword = text.mismatch;
  if (details.birthdate === '') errors.birthdate = text.birthdateRequired;
  if (details.userType === 'organization') {
    for (const field of ['businessRegistration', 'addressProof'] as const) {
      const file = details[field];
      if (!file) errors[field] = text.documentsRequired;
      else {
        const problem = documentProblem(file, documentLabel(field));
        if (problem) errors[field] = problem;
      }
    }
  }
  return errors;
}

/** Birth years a user may pick: the newest is the year of someone turning 15 this year (terms). */
export function birthYears(today: Date, minimumAge = 15, span = 85): number[] {
  const newest = today.getFullYear() - minimumAge;
  return Array.from({ length: span }, (_, i) => newest - i);
}
