import { unstable_serialize } from 'swr';

/** The id of the script element in which the server puts the first screen's API answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/**
 * The API answers the server used for a page's first screen (a tutor's profile, a case), as
 * SWR's fallback: the app's first render shows the same data at once, then checks it again.
 * The server writes `{"/tutors/1009": {…}}`, keyed by the path the generated client asks for.
 */
export function readFirstScreenData(doc: Document): Record<string, unknown> {
  const text = doc.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const answers: unknown = JSON.parse(text);
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return {};
    return Object.fromEntries(Object.entries(answers).map(([path, body]) => [unstable_serialize([path]), body]));
  } catch {
    // A page without usable data still works: the app asks the API as usual.
    return {};
  }
}
