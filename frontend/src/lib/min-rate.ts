/** The minimum-fee filter shared by the case and tutor searches. */

/**
 * The minimum fee as a number of HKD, or undefined when blank or not a number
 * (spec §5: a non-numeric filter value is ignored). Accepts "300", " 300 ", "1,200",
 * "HK$300", "250.5"; rejects "abc", "-5", "3e2".
 */
export function parseMinRate(raw: string): number | undefined {
  const cleaned = raw.trim().replace(/^HK\$/i, '').replace(/^\$/, '').replace(/,/g, '').trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

/** Whether the typed minimum fee is usable: blank, or a number. */
export function isMinRateValid(raw: string): boolean {
  return raw.trim() === '' || parseMinRate(raw) !== undefined;
}
