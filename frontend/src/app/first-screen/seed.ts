import { unstable_serialize } from 'swr';

/** The id of the script element in which the server puts the first screen's API answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/**
 * The API answers the server used for a page's first screen (a tutor's profile, a case), as
 * the first entries of SWR's cache: the app's first render shows the same data at once, then
 * asks again (an entry in the cache is checked on mount), and a logout empties the cache of
 * them like of any answer. The server writes `{"/tutors/1009": {…}}`, keyed by the path the
 * generated client asks for.
 */
export function firstScreenCache(doc: Document): Map<string, { data: unknown }> {
  const cache = new Map<string, { data: unknown }>();
  const text = doc.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return cache;
  try {
    const answers: unknown = JSON.parse(text);
    if (typeof answers === 'object' && answers !== null && !Array.isArray(answers)) {
      for (const [path, data] of Object.entries(answers)) cache.set(unstable_serialize([path]), { data });
    }
  } catch {
    // A page without usable data still works: the app asks the API as usual.
  }
  return cache;
}
