/** The fee filters (minimum and maximum per lesson) shared by the case and tutor searches. */

/**
 * A fee bound as a number of HKD, or undefined when blank or not a number
 * (spec §5: a non-numeric filter value is ignored). Accepts "300", " 300 ", "1,200",
 * "HK$300", "250.5"; rejects "abc", "-5", "3e2".
 */
export function parseMinRate(raw: string): number | undefined {
  const cleaned = raw.trim().replace(/^HK\$/i, '').replace(/^\$/, '').replace(/,/g, '').trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

/** Whether a typed fee bound is usable: blank, or a number. */
export function isMinRateValid(raw: string): boolean {
  return raw.trim() === '' || parseMinRate(raw) !== undefined;
}

/** Whether the maximum fee is not below the minimum (the server refuses that range). */
export function isFeeRangeValid(minRate: string, maxRate: string): boolean {
  const [min, max] = [parseMinRate(minRate), parseMinRate(maxRate)];
  return min === undefined || max === undefined || max >= min;
}
