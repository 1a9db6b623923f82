import { expect, type Page } from '@playwright/test';
import { catalogueNamesEn } from '../../src/i18n/catalogue-names-en';

/** The words users typed, as the server sent them: the only Chinese an English page may show. */
export interface TypedWords {
  values: Set<string>;
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/;
const CATALOGUE_NAMES = new Set(Object.keys(catalogueNamesEn));

function collect(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    // A catalogue name (a grade, a subject, a district) is ours to translate, never "typed";
    // nor is it when it comes with typed words ("大學或以上 統計學": a level, then a subject typed).
    const typed = (text: string) => HAN.test(text) && !CATALOGUE_NAMES.has(text);
    if (typed(value.trim())) into.add(value.trim());
    for (const part of value.split(/\s+/)) if (typed(part)) into.add(part);
  } else if (Array.isArray(value)) {
    value.forEach((item) => collect(item, into));
  } else if (value && typeof value === 'object') {
    Object.values(value).forEach((item) => collect(item, into));
  }
}

/**
 * Records every string of every JSON answer the page receives (and of the first screen's data
 * the server writes into the HTML): what users typed (titles, names, descriptions) arrives so,
 * and may be shown as typed on an English page.
 */
export function recordTypedWords(page: Page): TypedWords {
  const words: TypedWords = { values: new Set() };
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    // A failure's words are ours (the server's, in the page's language), never typed.
    if (!type.includes('json') || !response.ok()) return;
    try {
      collect(await response.json(), words.values);
    } catch {
      // A body gone with its page (a navigation) has nothing left to show.
    }
  });
  return words;
}

/**
 * Fails when the page shows Chinese that is not something users typed: a text, a label
 * (aria-label, placeholder, title, alt) or the document's title. Text marked as another
 * language (`lang="zh-HK"`, the language switch) is the reader's way back, not a miss.
 */
export async function expectNoChineseOnScreen(page: Page, typed: TypedWords): Promise<void> {
  // The first screen's data the server wrote into the page counts as sent, too.
  const seeded = await page.evaluate(() => document.getElementById('first-screen-data')?.textContent ?? '');
  if (seeded) {
    try {
      collect(JSON.parse(seeded), typed.values);
    } catch {
      // No data on this page.
    }
  }
  // The check reads English pages: were `<html lang>` wrong, every text would count as another language's.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const shown = await page.evaluate(() => {
    const found: string[] = [];
    // A closed select's options are not drawn, but they are what a tap opens.
    for (const option of document.querySelectorAll('option')) {
      if (!option.closest('[lang]:not([lang^="en"])')) found.push(option.textContent?.trim() ?? '');
    }
    const otherLanguage = (element: Element | null) => element?.closest('[lang]:not([lang^="en"])') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden], [aria-hidden="true"]')) continue;
      if (otherLanguage(parent)) continue;
      const text = node.textContent?.trim();
      if (text && parent.getClientRects().length > 0) found.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (otherLanguage(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    return found;
  });
  const typedWords = [...typed.values].sort((a, b) => b.length - a.length);
  const untranslated = shown.filter((text) => {
    if (!/[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/.test(text)) return false;
    // A name's first character, as an avatar without a photo shows it.
    if ([...text].length === 1 && typedWords.some((word) => word.startsWith(text))) return false;
    // What remains once every typed word is taken out must be free of Chinese.
    const rest = typedWords.reduce((left, word) => left.split(word).join(' '), text);
    return /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/.test(rest);
  });
  expect([...new Set(untranslated)], `Chinese on the English page ${page.url()}`).toEqual([]);
}
