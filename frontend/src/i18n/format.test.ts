import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatHkd,
  formatHkdRounded,
  formatMonth,
  formatRatePerLesson,
  grouped,
} from './format';
import { loadLanguage } from './load';
import { formatCents } from './money';

// Test files share modules (vitest.config.ts): the page is zh-HK again after each test.
afterEach(() => loadLanguage('zh-HK'));

/** Moments from 1980 to 2100, a few thousand, the same each run. */
function moments(count: number): Date[] {
  let seed = 20261129;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const from = Date.UTC(1980, 0, 1);
  const to = Date.UTC(2100, 0, 1);
  return Array.from({ length: count }, () => new Date(from + Math.floor((next() * (to - from)) / 60_000) * 60_000));
}

/** What Intl writes (Node carries full ICU), which these functions write without it. */
const intl = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Asia/Hong_Kong' });

describe('formatHkd', () => {
  it.each([
    [300, 'HK$300'],
    [0, 'HK$0'],
    [1200, 'HK$1,200'],
    [12500, 'HK$12,500'],
    [250.5, 'HK$250.50'],
    [99.99, 'HK$99.99'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatHkd(amount)).toBe(expected);
  });

  it('has nothing to say about a missing or non-numeric amount', () => {
    expect(formatHkd(undefined)).toBeUndefined();
    expect(formatHkd(null)).toBeUndefined();
    expect(formatHkd(Number.NaN)).toBeUndefined();
  });

  it('rounds a worked-out figure to whole dollars', () => {
    expect(formatHkdRounded(433.3333)).toBe('HK$433');
    expect(formatHkdRounded(433.5)).toBe('HK$434');
    expect(formatHkdRounded(1199.6)).toBe('HK$1,200');
    expect(formatHkdRounded(undefined)).toBeUndefined();
  });

  it('groups digits as Intl does, negative amounts and cents too', () => {
    const dollars = new Intl.NumberFormat('en-HK', { maximumFractionDigits: 0 });
    for (const whole of [0, 7, 999, 1_000, 12_345, 999_999, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      expect(grouped(whole)).toBe(dollars.format(whole));
    }
    expect(formatHkd(1_234_567.5)).toBe('HK$1,234,567.50');
    // Half a cent, as written, rounds up as Intl rounds it, whatever the nearest double is.
    const cents = new Intl.NumberFormat('en-HK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const amount of [1.115, 2.675, 1.005, 0.125, 1234.565, 99.995]) {
      expect(formatHkd(amount)).toBe(`HK$${cents.format(amount)}`);
    }
    expect(formatHkd(-700.05)).toBe('-HK$700.05');
    expect(formatCents(123_456_789)).toBe('HK$1,234,567.89');
    expect(formatCents(-140_000, true)).toBe('-HK$1,400');
  });

  it('states the fee per lesson', () => {
    expect(formatRatePerLesson(300)).toBe('每堂 HK$300');
    expect(formatRatePerLesson(undefined)).toBeUndefined();
  });
});

describe('formatDate', () => {
  it('writes a zh-HK date in Hong Kong time', () => {
    expect(formatDate('2026-11-20T10:00:00Z')).toBe('2026年11月20日');
    // 20:00 UTC is already the next day in Hong Kong.
    expect(formatDate('2026-11-20T20:00:00Z')).toBe('2026年11月21日');
  });

  it('has nothing to say about a missing or invalid date', () => {
    expect(formatDate('')).toBeUndefined();
    expect(formatDate('not a date')).toBeUndefined();
    expect(formatDate(undefined)).toBeUndefined();
  });
});

describe('formatDateTime', () => {
  it('writes the date as formatDate does, then the time on the 24-hour clock, in Hong Kong time', () => {
    expect(formatDateTime('2026-12-01T11:00:00Z')).toBe('2026年12月1日 19:00');
    // 16:05 UTC is five past midnight of the next day in Hong Kong.
    expect(formatDateTime('2026-12-01T16:05:00Z')).toBe('2026年12月2日 00:05');
    expect(formatDateTime('2026-12-01T11:00:00Z')?.startsWith(formatDate('2026-12-01T11:00:00Z') ?? '-')).toBe(true);
  });

  it('has nothing to say about a missing or invalid time', () => {
    expect(formatDateTime(undefined)).toBeUndefined();
    expect(formatDateTime('not a time')).toBeUndefined();
  });
});

describe('dates without Intl', () => {
  it.each([
    { language: 'zh-HK', locale: 'zh-HK', dayMonth: 'long', joiner: ' ' },
    { language: 'en', locale: 'en-GB', dayMonth: 'short', joiner: ', ' },
  ] as const)('read as Intl reads them in Hong Kong time, from 1980 to 2100, in $language', async (case_) => {
    await loadLanguage(case_.language);
    const day = intl(case_.locale, { year: 'numeric', month: case_.dayMonth, day: 'numeric' });
    const month = intl(case_.locale, { year: 'numeric', month: 'long' });
    const time = intl(case_.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const moment of moments(3_000)) {
      expect(formatDate(moment)).toBe(day.format(moment));
      expect(formatMonth(moment)).toBe(month.format(moment));
      expect(formatDateTime(moment)).toBe(`${day.format(moment)}${case_.joiner}${time.format(moment)}`);
    }
  });

  it('writes an English date and time as a reader expects', async () => {
    await loadLanguage('en');
    expect(formatDateTime('2026-12-01T16:05:00Z')).toBe('2 Dec 2026, 00:05');
    expect(formatDate('2026-09-15T00:00:00Z')).toBe('15 Sept 2026');
    expect(formatMonth('2026-11-20T10:00:00Z')).toBe('November 2026');
  });
});
