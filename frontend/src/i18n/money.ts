/**
 * The service fee's money (issue 33): whole HK cents as invoices and receipts write them, and
 * interest rates in basis points. Apart from format.ts, so the app's entry script, which
 * formats fees per lesson, does not carry them.
 */
import { grouped } from './format';

/**
 * An amount in whole HK cents (the service fee's invoices), read with integers only:
 * "HK$1,400.00", "-HK$700.05". `short` drops ".00" from a whole amount ("HK$1,400"), for a
 * fee stated in a sentence. Undefined for a missing or non-integer amount.
 */
export function formatCents(cents: number | null | undefined, short = false): string | undefined {
  if (cents === null || cents === undefined || !Number.isSafeInteger(cents)) return undefined;
  const sign = cents < 0 ? '-' : '';
  const value = Math.abs(cents);
  const dollars = grouped(Math.floor(value / 100));
  const rest = value % 100;
  const fraction = short && rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`;
  return `${sign}HK$${dollars}${fraction}`;
}

/** Basis points as a percentage people read, as the server writes it: 200 -> "2", 150 -> "1.5", 125 -> "1.25". */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return String(whole);
  return rest % 10 === 0 ? `${whole}.${rest / 10}` : `${whole}.${String(rest).padStart(2, '0')}`;
}
