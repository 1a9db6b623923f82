/**
 * Puts a language's words in place before the app renders. The zh-HK catalogues are in the
 * app's start; another language's are a chunk of their own, loaded only by a page in it, and
 * written over the zh-HK objects in place: every `t.…` (and any part of the catalogue a module
 * keeps) then reads the page's language, with no cost on the zh-HK pages.
 */
import { setEnglishNames } from './catalogue-names';
import { type Language, setLanguage } from './language';
import { zhHK } from './zh-HK';

type English = typeof import('./english');

/** The English catalogues, once an English page has loaded them. */
let english: English | undefined;

/** The English catalogues of what pages load with their own code, by their name in ./english. */
type LaterCatalogue = 'billingEn' | 'rulesEn';

/** Catalogues that pages load with their own code (billing, the forms' rules), with their English. */
const later: [object, LaterCatalogue][] = [];

/**
 * A catalogue loaded with a page's own code rather than the app's start (so zh-HK pages that
 * never show it do not carry it): it takes the page's language as soon as both are loaded.
 */
export function translatedLater<T extends object>(zh: T, englishName: LaterCatalogue): T {
  later.push([zh, englishName]);
  if (english) overwrite(zh, english[englishName]);
  return zh;
}

/** Writes `source` over `target`, object by object, so references into `target` see it. */
export function overwrite(target: object, source: object): void {
  const into = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const existing = into[key];
    if (isPlainObject(existing) && isPlainObject(value)) overwrite(existing, value);
    else into[key] = value;
  }
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Loads and applies `language`'s catalogues; also sets `<html lang>`. */
export async function loadLanguage(language: Language): Promise<void> {
  setLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (language === 'zh-HK') return;
  const words = await import('./english');
  english = words;
  overwrite(zhHK, words.en);
  for (const [zh, englishName] of later) overwrite(zh, words[englishName]);
  setEnglishNames(words.catalogueNamesEn);
}
