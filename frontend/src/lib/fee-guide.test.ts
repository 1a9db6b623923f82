import { describe, expect, it } from 'vitest';
import type { FeeGuideBody } from '@/api/generated/model';
import { feePosition, perHour } from './fee-guide';

const guide: FeeGuideBody = {
  scope: 'subject',
  count: 40,
  lowerQuartile: 220,
  median: 240,
  upperQuartile: 260,
  minSample: 20,
};

describe('fee guidance', () => {
  it('compares fees per hour', () => {
    expect(perHour(450, 90)).toBe(300);
    expect(perHour(300, 60)).toBe(300);
    expect(perHour(Number.NaN, 60)).toBeUndefined();
    expect(perHour(300, 0)).toBeUndefined();
  });

  it('places a fee below, among or above the middle half', () => {
    expect(feePosition(200, guide)).toBe('below');
    expect(feePosition(220, guide)).toBe('within');
    expect(feePosition(260, guide)).toBe('within');
    expect(feePosition(261, guide)).toBe('above');
    expect(feePosition(undefined, guide)).toBeUndefined();
    expect(feePosition(250, { scope: 'level', count: 0, minSample: 20 })).toBeUndefined();
  });
});
