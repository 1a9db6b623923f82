import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatHkd, formatHkdRounded, formatRatePerLesson } from './format';

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
