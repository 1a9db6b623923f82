import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n/language';
import { loadLanguage } from '@/i18n/load';
import { translatedLater } from '@/i18n/overwrite';
import { lazy } from './lazy';

// Test files share modules (vitest.config.ts): the page and every catalogue are zh-HK again after
// each test.
afterEach(() => loadLanguage('zh-HK'));

/** A part whose code brings a catalogue, as a chunk with `bookings-zh-HK.ts` does; it notes each text it renders. */
function partWithWords(rendered: string[]) {
  return async () => {
    const words = translatedLater(
      { book: '預約導師' },
      () => new Promise<object>((done) => setTimeout(() => done({ book: 'Book this tutor' }), 30)),
    );
    function BookButton() {
      rendered.push(words.book);
      return <button type="button">{words.book}</button>;
    }
    return { default: BookButton };
  };
}

describe('lazy', () => {
  it('renders a part on an English page in English from its first render', async () => {
    setLanguage('en');
    const rendered: string[] = [];
    const Part = lazy(partWithWords(rendered));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Part />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: 'Book this tutor' })).toBeInTheDocument();
    expect(rendered.filter((text) => text !== 'Book this tutor')).toEqual([]);
  });

  it('renders a part on a zh-HK page in zh-HK', async () => {
    const rendered: string[] = [];
    const Part = lazy(partWithWords(rendered));
    render(
      <Suspense fallback={<p>載入中</p>}>
        <Part />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: '預約導師' })).toBeInTheDocument();
    expect(rendered.filter((text) => text !== '預約導師')).toEqual([]);
  });
});
