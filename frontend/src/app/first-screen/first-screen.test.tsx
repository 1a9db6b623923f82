import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import type { PublicTutor } from '@/api/generated/model';
import { makeTutor } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { preloadPage } from '../router';
import { FIRST_SCREEN_DATA_ID, firstScreenCache } from './seed';

function documentWith(data: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (data !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_SCREEN_DATA_ID;
    script.textContent = data;
    doc.body.append(script);
  }
  return doc;
}

describe('the first screen data from the server', () => {
  it('is in the SWR cache under the key the generated client uses', () => {
    const cache = firstScreenCache(documentWith('{"/tutors/1009":{"name":"黃老師"}}'));
    expect([...cache]).toEqual([[unstable_serialize(['/tutors/1009']), { data: { name: '黃老師' } }]]);
  });

  it('is nothing when the page has none, or something unusable', () => {
    expect(firstScreenCache(documentWith(undefined)).size).toBe(0);
    expect(firstScreenCache(documentWith('{not json')).size).toBe(0);
    expect(firstScreenCache(documentWith('[1, 2]')).size).toBe(0);
  });
});

/** The tutor's profile, and the empty reviews below it. */
function serveTutor(tutor: PublicTutor, onAsked?: (url: string) => void, name = tutor.name) {
  server.use(
    http.get(`*/tutors/${tutor.id}`, ({ request }) => {
      onAsked?.(request.url);
      return HttpResponse.json({ ...tutor, name });
    }),
    http.get(`*/tutors/${tutor.id}/reviews`, () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 5, reviewCount: 0 }),
    ),
  );
}

describe("the app's first render of a tutor's page", () => {
  it('shows the tutor at once, with the page loaded ahead and the answer the server sent', async () => {
    const tutor = makeTutor();
    const asked: string[] = [];
    serveTutor(tutor, (url) => asked.push(url), '黃老師（已更新）');
    await preloadPage(`/tutor/${tutor.id}`);
    const page = documentWith(JSON.stringify({ [`/tutors/${tutor.id}`]: tutor }));
    const cache = firstScreenCache(page);
    renderRoute(`/tutor/${tutor.id}`, { provider: () => cache });
    // No await: neither the page's code nor its data is waited for, so no spinner replaces the
    // server's first screen (the booking box and reviews below it load as before).
    expect(screen.getByRole('heading', { level: 1, name: tutor.name })).toBeInTheDocument();
    // The app then asks again, and shows the newer answer.
    expect(await screen.findByRole('heading', { level: 1, name: '黃老師（已更新）' })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('shows the loading state first without them, as before', async () => {
    const tutor = makeTutor();
    serveTutor(tutor);
    renderRoute(`/tutor/${tutor.id}`);
    expect(screen.queryByRole('heading', { level: 1, name: tutor.name })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: tutor.name })).toBeInTheDocument();
  });
});
