/**
 * Money and date formatting in the page's language (Intl, the platform's i18n: no library to
 * load). Fees are Hong Kong dollars, written alike in both: "HK$300", "HK$1,200", "HK$250.50".
 * Dates are Hong Kong dates: "2026年11月20日" in zh-HK, "20 Nov 2026" in English.
 */
import { language } from './language';

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

/** "每堂 HK$300" / "HK$300 per lesson". */
export function formatRatePerLesson(amount: number | null | undefined): string | undefined {
  const money = formatHkd(amount);
  if (money === undefined) return undefined;
  return language() === 'en' ? `${money} per lesson` : `每堂 ${money}`;
}

/** Each language's formats, made once on first use. */
interface Formats {
  date: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
}

const formats = new Map<string, Formats>();

function formatsOf(): Formats {
  const locale = language() === 'en' ? 'en-GB' : 'zh-HK';
  let made = formats.get(locale);
  if (!made) {
    const english = locale === 'en-GB';
    made = {
      date: new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: english ? 'short' : 'long',
        day: 'numeric',
        timeZone: TIME_ZONE,
      }),
      // A time of day on the 24-hour clock ("09:05", "18:00"); `hourCycle` rather than `hour12`,
      // which some engines write as "24:05" after midnight.
      time: new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: TIME_ZONE,
      }),
      month: new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: TIME_ZONE }),
    };
    formats.set(locale, made);
  }
  return made;
}

function toDate(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "2026年11月" / "November 2026" (Hong Kong time). Undefined for a missing or invalid value. */
export function formatMonth(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  return date && formatsOf().month.format(date);
}

/** "2026年11月20日" / "20 Nov 2026" (Hong Kong time). Undefined for a missing or invalid value. */
export function formatDate(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  return date && formatsOf().date.format(date);
}

/**
 * "2026年11月20日 18:00" (Hong Kong time): the date as formatDate writes it, then the time, so
 * that a page never shows one date two ways. Undefined for a missing or invalid value.
 */
export function formatDateTime(value: string | Date | null | undefined): string | undefined {
  const date = toDate(value);
  const { date: day, time } = formatsOf();
  return date && `${day.format(date)}${language() === 'en' ? ',' : ''} ${time.format(date)}`;
}

/** "820 KB", "4.8 MB": a chosen file's size next to its name. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
