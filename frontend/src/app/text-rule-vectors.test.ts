/**
 * The text-rule vectors shared with the server (crates/domain/tests/vectors/text-rules.json;
 * crates/domain/tests/parser_properties.rs checks the domain parsers against the same file),
 * checked against the frontend's mirrors of those rules. A rule changed on one side only fails
 * one of the two tests. This file lives in src/app because it reads rules from several features,
 * which a feature or src/lib may not import.
 *
 * `input`, `valid` and `normalized` are the server's verdict. Where the frontend deliberately
 * checks less than the server, the vector says what the frontend does instead:
 *
 * - phone: the frontend does not validate numbers; it asks the server (/users/check-phone, as
 *   the number is typed) and shows the server's message. It only reads a typed number to tell
 *   whether the profile's phone changed (`localPhone`) and shows stored ones (`formatPhone`).
 *   `frontendLocal` is where `localPhone` reads a number otherwise than the server: it strips
 *   any whitespace (the server only ASCII spaces); parentheses both drop.
 * - email: `looksLikeEmail` is a format hint before the server is asked (/users/check-email);
 *   `frontendValid: true` marks addresses it lets through and the server refuses.
 * - displayName: `nameProblem` has the server's rules in the server's order, without the
 *   control and text-direction checks: `frontendRule` is the rule it reports instead (`null`:
 *   it lets the name through and the server's field message is shown after submitting).
 * - rate: the case form checks the fee as the server does (src/lib/form-rules.ts `feeProblem`,
 *   with the server's maximum from src/api/form-limits.ts); `frontendValid` would mark a fee it
 *   judges otherwise (none does).
 * - minRate: the filters read the typed minimum their own way (HK$, thousands commas; no
 *   exponent or sign) and send the number they read; `frontend` is that number (`null`: the
 *   filter is left out), `server` the cents the server reads from the raw text.
 */
import { describe, expect, it } from 'vitest';
import vectors from '../../../crates/domain/tests/vectors/text-rules.json';
import { looksLikeEmail, nameProblem } from '@/features/auth/lib/register-rules';
import { emptyCaseFilters, toCaseQuery } from '@/lib/case-filters';
import { checkCaseForm, emptyCaseForm, toCaseBody } from '@/features/cases/lib/case-form';
import { emptyTutorFilters, toTutorQuery } from '@/features/tutors/lib/tutor-filters';
import { t } from '@/i18n/zh-HK';
import { parseMinRate } from '@/lib/min-rate';
import { formatPhone, localPhone } from '@/lib/phone';

interface TextCase {
  input: string;
  valid: boolean;
  normalized?: string;
  note?: string;
}

interface PhoneCase extends TextCase {
  frontendLocal?: string;
}

interface EmailCase extends TextCase {
  frontendValid?: boolean;
}

interface NameCase extends TextCase {
  rule?: string;
  frontendRule?: string | null;
}

interface RateCase {
  input: number;
  valid: boolean;
  cents?: number;
  rule?: string;
  frontendValid?: boolean;
  note?: string;
}

interface MinRateCase {
  input: string;
  server: number | null;
  frontend: number | null;
  note?: string;
}

interface TextRules {
  phone: PhoneCase[];
  email: EmailCase[];
  displayName: NameCase[];
  rate: RateCase[];
  minRate: MinRateCase[];
}

const rules: TextRules = vectors;

/** A vector's name in the test list: invisible characters spelled out. */
const shown = (input: string) =>
  JSON.stringify(input).replace(/[^\x20-\x7e\u3400-\u9fff]/gu, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);

/** The display-name rules `nameProblem` reports (it has no control or text-direction rule). */
const nameMessages: Partial<Record<string, string>> = {
  required: t.accounts.nameRules.required,
  onlyLetters: t.accounts.nameRules.onlyLetters,
  tooManyChinese: t.accounts.nameRules.tooManyChinese(6),
  tooManyEnglish: t.accounts.nameRules.tooManyEnglish(12),
  atLeastOne: t.accounts.nameRules.atLeastOne,
};

describe('the text-rule vectors shared with the server', () => {
  it('has vectors for every rule', () => {
    for (const section of [rules.phone, rules.email, rules.displayName, rules.rate, rules.minRate]) {
      expect(section.length).toBeGreaterThan(0);
    }
  });

  describe('phone: localPhone reads a typed number as the server does, formatPhone shows a stored one', () => {
    it.each(rules.phone.map((v) => [shown(v.input), v] as const))('%s', (_, v) => {
      if (v.frontendLocal !== undefined) {
        expect(localPhone(v.input)).toBe(v.frontendLocal);
      } else if (v.valid) {
        expect(localPhone(v.input)).toBe(v.normalized?.slice(4));
      }
      if (v.valid) {
        const local = v.normalized?.slice(4) ?? '';
        expect(formatPhone(v.normalized ?? '')).toBe(`${local.slice(0, 4)} ${local.slice(4)}`);
      }
    });
  });

  describe('email: looksLikeEmail', () => {
    it.each(rules.email.map((v) => [shown(v.input), v] as const))('%s', (_, v) => {
      expect(looksLikeEmail(v.input)).toBe(v.frontendValid ?? v.valid);
    });
  });

  describe('display name: nameProblem', () => {
    it.each(rules.displayName.map((v) => [shown(v.input), v] as const))('%s', (_, v) => {
      const rule = v.frontendRule === undefined ? v.rule : v.frontendRule;
      if (rule) expect(nameMessages[rule], `a rule the frontend reports: ${rule}`).toBeDefined();
      expect(nameProblem(v.input)).toBe(rule ? nameMessages[rule] : undefined);
    });
  });

  describe('fee per lesson: the case form', () => {
    it.each(rules.rate.map((v) => [String(v.input), v] as const))('%s', (_, v) => {
      const state = { ...emptyCaseForm, rate: String(v.input) };
      expect(checkCaseForm(state).rate === undefined).toBe(v.frontendValid ?? v.valid);
      if (v.frontendValid ?? v.valid) expect(toCaseBody(state).rate).toBe(v.input);
    });
  });

  describe('minimum fee: the case and tutor filters', () => {
    it.each(rules.minRate.map((v) => [shown(v.input), v] as const))('%s', (_, v) => {
      expect(parseMinRate(v.input) ?? null).toBe(v.frontend);
      const sent = v.frontend === null ? undefined : String(v.frontend);
      const paging = { page: 1, pageSize: 10 };
      expect(toCaseQuery({ ...emptyCaseFilters, minRate: v.input }, paging).minRate).toBe(sent);
      expect(toTutorQuery({ ...emptyTutorFilters, minRate: v.input }, paging).minRate).toBe(sent);
    });
  });
});
