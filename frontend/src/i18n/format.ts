/**
 * Money and date formatting in the page's language. Fees are Hong Kong dollars, written alike in
 * both: "HK$300", "HK$1,200", "HK$250.50". Dates are Hong Kong dates: "2026年11月20日" in zh-HK,
 * "20 Nov 2026" in English, their words in the catalogues (`t.dates`).
 *
 * Written out rather than with Intl: a phone's first Intl formatter loads ICU's locale and time
 * zone data on the main thread as the page starts, about 150 ms of a simulated mid-range phone's
 * CPU on home (a CPU profile at 4× slowdown), which Lighthouse counts as blocking time. Digits
 * grouped by three and Hong Kong's clock need no data.
 */
import { language } from './language';
import { t } from './zh-HK';

/** Hong Kong has kept UTC+8 all year since 1979 (no summer time). */
const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

/** "1,200", "12,500": a whole number of dollars, its digits grouped by three as Hong Kong writes them. */
export function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** "HK$300"; decimals only when the amount has cents. Undefined for a missing or non-numeric amount. */
export function formatHkd(amount: number | null | undefined): string | undefined {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return undefined;
  const sign = amount < 0 ? '-' : '';
  const cents = toCents(Math.abs(amount));
  const fraction = Number.isInteger(amount) ? '' : `.${String(cents % 100).padStart(2, '0')}`;
  return `${sign}HK$${grouped(Math.floor(cents / 100))}${fraction}`;
}

/**
 * Whole cents of `amount`, rounded half up on the amount as written (its shortest decimal
 * form), as Intl rounds: 1.115 is 112, though the nearest double is a little under 1.115.
 */
function toCents(amount: number): number {
  const shifted = Number(`${amount}e2`);
  return Math.round(Number.isFinite(shifted) ? shifted : amount * 100);
}

/**
 * "HK$433": a figure worked out rather than typed (a fee per hour from a fee per lesson, a
 * median), rounded to whole dollars for reading. Cents would claim a precision the figure does not have.
 */
export function formatHkdRounded(amount: number | null | undefined): string | undefined {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return undefined;
  return formatHkd(Math.round(amount));
}

/** "每堂 HK$300" / "HK$300 per lesson". */
export function formatRatePerLesson(amount: number | null | undefined): string | undefined {
  const money = formatHkd(amount);
  if (money === undefined) return undefined;
  return language() === 'en' ? `${money} per lesson` : `每堂 ${money}`;
}

function toDate(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The year, month (1-12), day, hour and minute a moment reads in Hong Kong. */
function inHongKong(date: Date) {
  const there = new Date(date.getTime() + HONG_KONG_OFFSET_MS);
  return {
    year: there.getUTCFullYear(),
    month: there.getUTCMonth() + 1,
    day: there.getUTCDate(),
    hour: there.getUTCHours(),
    minute: there.getUTCMinutes(),
  };
}

/** "2026年11月" / "November 2026" (Hong Kong time). Undefined for a missing or invalid value. */
export function formatMonth(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const { year, month } = inHongKong(date);
  return t.dates.month(year, month);
}

/** "2026年11月20日" / "20 Nov 2026" (Hong Kong time). Undefined for a missing or invalid value. */
export function formatDate(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const { year, month, day } = inHongKong(date);
  return t.dates.date(year, month, day);
}

/**
 * "2026年11月20日 18:00" / "20 Nov 2026, 18:00" (Hong Kong time): the date as formatDate writes
 * it, then the time on the 24-hour clock, so that a page never shows one date two ways.
 * Undefined for a missing or invalid value.
 */
export function formatDateTime(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const { year, month, day, hour, minute } = inHongKong(date);
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return t.dates.dateTime(t.dates.date(year, month, day), time);
}

/** "820 KB", "4.8 MB": a chosen file's size next to its name. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
