import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatCents } from './money';

describe('formatCents', () => {
  it.each([
    [80_000, 'HK$800.00'],
    [123_456_789, 'HK$1,234,567.89'],
    [-70_005, '-HK$700.05'],
    [7, 'HK$0.07'],
    [0, 'HK$0.00'],
  ])('formats %s cents as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('drops the cents of a whole amount when short, and keeps them otherwise', () => {
    expect(formatCents(140_000, true)).toBe('HK$1,400');
    expect(formatCents(66_666, true)).toBe('HK$666.66');
  });

  it('has nothing to say about a missing or fractional amount', () => {
    expect(formatCents(undefined)).toBeUndefined();
    expect(formatCents(1.5)).toBeUndefined();
  });
});

describe('formatBasisPoints', () => {
  it('reads basis points as the server does', () => {
    expect([200, 150, 125, 5].map(formatBasisPoints)).toEqual(['2', '1.5', '1.25', '0.05']);
  });
});
