import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from './language';
import { loadLanguage } from './load';
import { laterWordsLoaded, translatedLater } from './overwrite';

/** English words that arrive after a real wait, as a chunk over the network does. */
const arriving = (words: object) => vi.fn(() => new Promise<object>((done) => setTimeout(() => done(words), 20)));

// Test files share modules (vitest.config.ts): the page and every catalogue are zh-HK again after
// each test.
afterEach(() => loadLanguage('zh-HK'));

describe('a catalogue loaded with a page’s code', () => {
  it('never asks for its English words on a zh-HK page', async () => {
    const english = arriving({ title: 'Lesson record' });
    const words = translatedLater({ title: '課堂紀錄' }, english);
    await laterWordsLoaded();
    expect(words.title).toBe('課堂紀錄');
    expect(english).not.toHaveBeenCalled();
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
    expect(english).toHaveBeenCalledTimes(1);
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
    const english = vi
      .fn<() => Promise<object>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue({ title: 'Bookings' });
    const words = translatedLater({ title: '預約' }, english);
    await expect(laterWordsLoaded()).rejects.toThrow('chunk gone');
    expect(words.title).toBe('預約');
    await laterWordsLoaded();
    expect(words.title).toBe('Bookings');
    expect(english).toHaveBeenCalledTimes(2);
  });
});
