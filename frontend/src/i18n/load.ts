/**
 * Puts a language's words in place before the app renders. The zh-HK catalogue `t` is in the
 * app's start (the other areas' come with their pages' code, overwrite.ts); another language's are a chunk of their own, loaded only by a page in it, and
 * written over the zh-HK objects in place: every `t.…` (and any part of the catalogue a module
 * keeps) then reads the page's language, with no cost on the zh-HK pages.
 */
import { setEnglishNames } from './catalogue-names';
import { type Language, setLanguage } from './language';
import { applyLater, overwrite } from './overwrite';
import { zhHK } from './zh-HK';

/** Loads and applies `language`'s catalogues; also sets `<html lang>`. */
export async function loadLanguage(language: Language): Promise<void> {
  setLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (language === 'zh-HK') return;
  const words = await import('./english');
  overwrite(zhHK, words.en);
  applyLater(words);
  setEnglishNames(words.catalogueNamesEn);
}
