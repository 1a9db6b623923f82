import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './language';
import { loadLanguage } from './load';
import { laterWordsLoaded, overwrite, translatedLater } from './overwrite';

/**
 * English words that arrive after a real wait, as a chunk over the network does; `calls` counts
 * the asks. A plain function, not a mock: the catalogues stay registered after the test, and
 * the config restores mocks to return nothing.
 */
function arriving(words: object, failures = 0) {
  const english = Object.assign(
    () => {
      english.calls += 1;
      if (english.calls <= failures) return Promise.reject(new Error('chunk gone'));
      return new Promise<object>((done) => setTimeout(() => done(words), 20));
    },
    { calls: 0 },
  );
  return english;
}

// Test files share modules (vitest.config.ts): the page and every catalogue are zh-HK again after
// each test.
afterEach(() => loadLanguage('zh-HK'));

describe('overwrite', () => {
  it('copies what the target lacks, so that a later language never writes over the first one’s words', () => {
    const zh = { nav: { home: '主頁' } };
    const t = {};
    overwrite(t, zh);
    overwrite(t, { nav: { home: 'Home' } });
    expect(t).toEqual({ nav: { home: 'Home' } });
    expect(zh.nav.home).toBe('主頁');
    overwrite(t, zh);
    expect(t).toEqual({ nav: { home: '主頁' } });
  });
});

describe('a catalogue loaded with a page’s code', () => {
  it('never asks for its English words on a zh-HK page', async () => {
    const english = arriving({ title: 'Lesson record' });
    const words = translatedLater({ title: '課堂紀錄' }, english);
    await laterWordsLoaded();
    expect(words.title).toBe('課堂紀錄');
    expect(english.calls).toBe(0);
  });

  it('is in English once its words are loaded on an English page, nested words too', async () => {
    setLanguage('en');
    const english = arriving({ title: 'Lesson record', status: { done: 'Confirmed' } });
    const words = translatedLater({ title: '課堂紀錄', status: { done: '已確認' } }, english);
    const status = words.status;
    await laterWordsLoaded();
    expect(words.title).toBe('Lesson record');
    // Written in place: a reference taken before the words came sees them.
    expect(status.done).toBe('Confirmed');
    await laterWordsLoaded();
    expect(english.calls).toBe(1);
  });

  it('takes its English words when the page turns English after it loaded (the prerender)', async () => {
    const english = arriving({ title: 'Invoice' });
    const words = translatedLater({ title: '發票' }, english);
    setLanguage('en');
    await laterWordsLoaded();
    expect(words.title).toBe('Invoice');
  });

  it('takes back its zh-HK words when the page turns zh-HK again, and its English ones after', async () => {
    setLanguage('en');
    const english = arriving({ title: 'Reviews', count: (n: number) => `${n} reviews` });
    const words = translatedLater({ title: '評價', count: (n: number) => `${n} 個評價` }, english);
    await laterWordsLoaded();
    expect(words.count(3)).toBe('3 reviews');
    await loadLanguage('zh-HK');
    expect([words.title, words.count(3)]).toEqual(['評價', '3 個評價']);
    setLanguage('en');
    await laterWordsLoaded();
    expect(words.title).toBe('Reviews');
  });

  it('asks again for words that failed to load, rather than stay in zh-HK', async () => {
    setLanguage('en');
    const english = arriving({ title: 'Bookings' }, 1);
    const words = translatedLater({ title: '預約' }, english);
    await expect(laterWordsLoaded()).rejects.toThrow('chunk gone');
    expect(words.title).toBe('預約');
    await laterWordsLoaded();
    expect(words.title).toBe('Bookings');
    expect(english.calls).toBe(2);
  });
});
