/**
 * Puts a language's words in `t` before the app renders: zh-HK's (zh-HK-words.ts) or English's
 * (english.ts), each a chunk of its own that the boot script asks for with the page's code, so
 * that a page loads one language's words. The areas' catalogues that pages load with their own
 * code are zh-HK objects, which their own English words write over in place (overwrite.ts).
 */
import { setEnglishNames } from './catalogue-names';
import { type Language, setLanguage } from './language';
import { laterInZhHK, laterWordsLoaded, overwrite } from './overwrite';
import { t } from './zh-HK';

/** Loads and applies `language`'s catalogues; also sets `<html lang>`. */
export async function loadLanguage(language: Language): Promise<void> {
  setLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (language === 'zh-HK') {
    overwrite(t, (await import('./zh-HK-words')).zhHK);
    laterInZhHK();
    setEnglishNames(undefined);
    return;
  }
  const [words] = await Promise.all([import('./english'), laterWordsLoaded()]);
  overwrite(t, words.en);
  setEnglishNames(words.catalogueNamesEn);
}
