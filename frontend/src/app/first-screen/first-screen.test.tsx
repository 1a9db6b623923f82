import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { makeTutor } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { preloadPage } from '../router';
import { FIRST_SCREEN_DATA_ID, readFirstScreenData } from './seed';

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
  it('becomes SWR fallback under the key the generated client uses', () => {
    const fallback = readFirstScreenData(documentWith('{"/tutors/1009":{"name":"黃老師"}}'));
    expect(fallback).toEqual({ [unstable_serialize(['/tutors/1009'])]: { name: '黃老師' } });
  });

  it('is nothing when the page has none, or something unusable', () => {
    expect(readFirstScreenData(documentWith(undefined))).toEqual({});
    expect(readFirstScreenData(documentWith('{not json'))).toEqual({});
    expect(readFirstScreenData(documentWith('[1, 2]'))).toEqual({});
  });
});

describe("the app's first render of a tutor's page", () => {
  it('shows the tutor at once, with the page loaded ahead and the answer the server sent', async () => {
    const tutor = makeTutor();
    server.use(http.get(`*/tutors/${tutor.id}`, () => HttpResponse.json(tutor)));
    await preloadPage(`/tutor/${tutor.id}`);
    renderRoute(`/tutor/${tutor.id}`, { fallback: { [unstable_serialize([`/tutors/${tutor.id}`])]: tutor } });
    // No await: neither the page's code nor its data is waited for, so no spinner replaces the
    // server's first screen (the booking box and reviews below it load as before).
    expect(screen.getByRole('heading', { level: 1, name: tutor.name })).toBeInTheDocument();
    // The app then checks the answer again; the page stays.
    expect(await screen.findByRole('heading', { level: 1, name: tutor.name })).toBeInTheDocument();
  });

  it('shows the loading state first without them, as before', async () => {
    const tutor = makeTutor();
    server.use(http.get(`*/tutors/${tutor.id}`, () => HttpResponse.json(tutor)));
    renderRoute(`/tutor/${tutor.id}`);
    expect(screen.queryByRole('heading', { level: 1, name: tutor.name })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: tutor.name })).toBeInTheDocument();
  });
});
