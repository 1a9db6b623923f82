/**
 * Both languages say the same things: every key of the zh-HK catalogues is in the English ones
 * (and no other), of the same kind, and every message function uses the same placeholders in
 * both. The types already refuse a missing key; this also catches a function that drops one of
 * its arguments from the sentence, or a key only one side has at runtime.
 */
import { describe, expect, it } from 'vitest';
import { alertsEn } from './alerts-en';
import { alertsZhHK } from './alerts-zh-HK';
import { authEn } from './auth-en';
import { authZhHK } from './auth-zh-HK';
import { billingEn } from './billing-en';
import { billingZhHK } from './billing-zh-HK';
import { bookingsEn } from './bookings-en';
import { bookingsZhHK } from './bookings-zh-HK';
import { catalogueNamesEn } from './catalogue-names-en';
import { en } from './en';
import { lessonsEn } from './lessons-en';
import { lessonsZhHK } from './lessons-zh-HK';
import { profileEn } from './profile-en';
import { profileZhHK } from './profile-zh-HK';
import { reviewsEn } from './reviews-en';
import { reviewsZhHK } from './reviews-zh-HK';
import { rulesEn } from './rules-en';
import { rulesZhHK } from './rules-zh-HK';
import { zhHK } from './zh-HK-words';

type Found = string[];

/** Distinct values each argument can be read as: a number (counts, amounts) or words. */
const ARGUMENT_SETS: ((index: number) => unknown)[] = [
  (index) => 701 + index,
  (index) => `⟦${index}⟧`,
  (index) => [`⟦${index}⟧`],
];

/** Which of `args` a message's text shows, as `#index`. */
function shown(message: (...args: unknown[]) => unknown, args: unknown[]): string[] {
  const text = String(message(...args));
  return args
    .map((arg, index) => (text.includes(String(Array.isArray(arg) ? arg[0] : arg)) ? `#${index}` : ''))
    .filter(Boolean);
}

/**
 * The placeholders each of two messages shows, called with the same markers (the first kind of
 * markers both take); undefined if no kind fits both.
 */
function placeholders(
  zh: (...args: unknown[]) => unknown,
  english: (...args: unknown[]) => unknown,
): [string[], string[]] | undefined {
  for (const make of ARGUMENT_SETS) {
    const args = Array.from({ length: zh.length }, (_, index) => make(index));
    try {
      return [shown(zh, args), shown(english, args)];
    } catch {
      // These markers do not fit these messages' arguments; try the next kind.
    }
  }
  return undefined;
}

function compare(zh: unknown, english: unknown, path: string, problems: Found): void {
  if (typeof zh !== typeof english || Array.isArray(zh) !== Array.isArray(english)) {
    problems.push(`${path}: ${typeof zh} in zh-HK, ${typeof english} in English`);
    return;
  }
  if (typeof zh === 'function' && typeof english === 'function') {
    if (zh.length !== english.length)
      problems.push(`${path}: ${zh.length} parameters in zh-HK, ${english.length} in English`);
    const both = placeholders(zh as (...args: unknown[]) => unknown, english as (...args: unknown[]) => unknown);
    const [zhShows, enShows] = both ?? [[], []];
    if (zhShows.join() !== enShows.join()) {
      problems.push(`${path}: shows arguments [${zhShows.join(', ')}] in zh-HK, [${enShows.join(', ')}] in English`);
    }
    return;
  }
  if (Array.isArray(zh) || typeof zh !== 'object' || zh === null) return;
  const zhKeys = Object.keys(zh);
  const enKeys = Object.keys(english as object);
  for (const key of zhKeys.filter((k) => !enKeys.includes(k))) problems.push(`${path}.${key}: missing in English`);
  for (const key of enKeys.filter((k) => !zhKeys.includes(k))) problems.push(`${path}.${key}: only in English`);
  for (const key of zhKeys.filter((k) => enKeys.includes(k))) {
    compare(
      (zh as Record<string, unknown>)[key],
      (english as Record<string, unknown>)[key],
      `${path}.${key}`,
      problems,
    );
  }
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

function strings(value: unknown, path: string, out: [string, string][]): void {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, (_, index) => 701 + index);
    try {
      out.push([path, String((value as (...a: unknown[]) => unknown)(...args))]);
    } catch {
      // A message that takes words rather than numbers: its own text is checked by the types.
    }
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, out);
  }
}

/** The catalogues loaded with their pages' code rather than in `t` (overwrite.ts's `translatedLater`). */
const loadedLater: [string, object, object][] = [
  ['alerts', alertsZhHK, alertsEn],
  ['auth', authZhHK, authEn],
  ['billing', billingZhHK, billingEn],
  ['bookings', bookingsZhHK, bookingsEn],
  ['lessons', lessonsZhHK, lessonsEn],
  ['profile', profileZhHK, profileEn],
  ['reviews', reviewsZhHK, reviewsEn],
];

describe('the English catalogues', () => {
  it.each([['app', zhHK, en], ...loadedLater, ['rules', rulesZhHK, rulesEn]])(
    '%s has the same keys and placeholders as zh-HK',
    (name, zh, english) => {
      const problems: Found = [];
      compare(zh, english, name, problems);
      expect(problems).toEqual([]);
    },
  );

  it('has no Chinese in its words, other than the switch back to Chinese', () => {
    const found: [string, string][] = [];
    strings(en, 'app', found);
    for (const [name, , english] of loadedLater) strings(english, name, found);
    strings(rulesEn, 'rules', found);
    const chinese = found.filter(([path, text]) => HAN.test(text) && !path.startsWith('app.nav.languageSwitch'));
    expect(chinese).toEqual([]);
  });

  it('names every catalogue name in English, without Chinese', () => {
    const names = Object.entries(catalogueNamesEn);
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter(([, english]) => HAN.test(english) || english.trim() === '')).toEqual([]);
  });
});
