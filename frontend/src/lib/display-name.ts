/**
 * Spec §5's display-name rules as the server's `DisplayName` has them (first broken rule first),
 * with its limits (src/api/form-limits.ts): English letters and Chinese characters only, at most
 * so many of each, at least one. The profile and the tutor application check a typed name with it.
 */
import { DISPLAY_NAME_MAX_CHINESE, DISPLAY_NAME_MAX_ENGLISH } from '@/api/form-limits';
import { t } from '@/i18n/zh-HK';
import type { CheckMode } from './form-rules';

const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff]/u;
const ENGLISH = /[A-Za-z]/;

/** What is wrong with a non-empty name; while typing, not yet that it has no letter. */
export function displayNameProblem(raw: string, mode: CheckMode): string | undefined {
  const rules = t.accounts.nameRules;
  const chars = [...raw.trim()];
  if (chars.length === 0) return undefined;
  if (chars.some((c) => !(CHINESE.test(c) || ENGLISH.test(c) || /\s/.test(c)))) return rules.onlyLetters;
  if (chars.filter((c) => CHINESE.test(c)).length > DISPLAY_NAME_MAX_CHINESE) {
    return rules.tooManyChinese(DISPLAY_NAME_MAX_CHINESE);
  }
  if (chars.filter((c) => ENGLISH.test(c)).length > DISPLAY_NAME_MAX_ENGLISH) {
    return rules.tooManyEnglish(DISPLAY_NAME_MAX_ENGLISH);
  }
  return mode !== 'typing' && !chars.some((c) => CHINESE.test(c) || ENGLISH.test(c)) ? rules.atLeastOne : undefined;
}
