/**
 * Money and date formatting for the zh-HK interface.
 * Fees are Hong Kong dollars per lesson: "HK$300", "HK$1,200", "HK$250.50".
 */
const LOCALE = 'zh-HK';
const TIME_ZONE = 'Asia/Hong_Kong';

const wholeDollars = new Intl.NumberFormat('en-HK', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-HK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "HK$300"; decimals only when the amount has cents. Undefined for a missing or non-numeric amount. */
export function formatHkd(amount: number | null | undefined): string | undefined {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return undefined;
  const sign = amount < 0 ? '-' : '';
  const value = Math.abs(amount);
  const digits = Number.isInteger(value) ? wholeDollars.format(value) : withCents.format(value);
  return `${sign}HK$${digits}`;
}

/**
 * "HK$433": a figure worked out rather than typed (a fee per hour from a fee per lesson, a
 * median), rounded to whole dollars for reading. Cents would claim a precision the figure does not have.
 */
export function formatHkdRounded(amount: number | null | undefined): string | undefined {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return undefined;
  return formatHkd(Math.round(amount));
}

/** "每堂 HK$300". */
export function formatRatePerLesson(amount: number | null | undefined): string | undefined {
  const money = formatHkd(amount);
  return money === undefined ? undefined : `每堂 ${money}`;
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: TIME_ZONE,
});

// A time of day on the 24-hour clock ("09:05", "18:00"); `hourCycle` rather than `hour12`,
// which some engines write as "24:05" after midnight.
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

function toDate(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const monthFormat = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'long', timeZone: TIME_ZONE });

/** "2026年11月" (Hong Kong time). Undefined for a missing or invalid value. */
export function formatMonth(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  return date && monthFormat.format(date);
}

/** "2026年11月20日" (Hong Kong time). Undefined for a missing or invalid value. */
export function formatDate(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  return date && dateFormat.format(date);
}

/**
 * "2026年11月20日 18:00" (Hong Kong time): the date as formatDate writes it, then the time, so
 * that a page never shows one date two ways. Undefined for a missing or invalid value.
 */
export function formatDateTime(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  return date && `${dateFormat.format(date)} ${timeFormat.format(date)}`;
}

/** "820 KB", "4.8 MB": a chosen file's size next to its name. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
