/**
 * The language of the page: English pages live under `/en/…`, zh-HK ones at the root, so a
 * link (and a search engine) names its language. The server sends a first visit to the language
 * the browser asks for or the visitor chose before (the `lang` cookie); the switch in the top
 * bar keeps the choice there and, for members, on the account (their SMS and e-mail follow it).
 */
export type Language = 'zh-HK' | 'en';

export const LANGUAGES: readonly Language[] = ['zh-HK', 'en'];

/** The path prefix of English pages. */
export const ENGLISH_PREFIX = '/en';

/** The language a path is in: `/en` and `/en/…` are English. */
export function languageOfPath(pathname: string): Language {
  return pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`) ? 'en' : 'zh-HK';
}

let current: Language = typeof window === 'undefined' ? 'zh-HK' : languageOfPath(window.location.pathname);

/** The language this page shows. */
export function language(): Language {
  return current;
}

/** Sets the page's language (the app's start, the prerender, tests); the catalogue follows in load.ts. */
export function setLanguage(next: Language): void {
  current = next;
}

/** The router's base: English pages route below `/en`. */
export function routerBasename(which: Language = current): string | undefined {
  return which === 'en' ? ENGLISH_PREFIX : undefined;
}

/** The same page in `target`: "/all-cases?level=x" ↔ "/en/all-cases?level=x". */
export function pathInLanguage(pathWithSearch: string, target: Language): string {
  const english = languageOfPath(pathWithSearch.split(/[?#]/)[0] ?? '') === 'en';
  const bare = english ? pathWithSearch.slice(ENGLISH_PREFIX.length) || '/' : pathWithSearch;
  if (target === 'zh-HK') return bare.startsWith('/') ? bare : `/${bare}`;
  return bare === '/' ? `${ENGLISH_PREFIX}/` : `${ENGLISH_PREFIX}${bare.startsWith('/') ? '' : '/'}${bare}`;
}

/** The `lang` cookie the server reads on a first visit: the visitor's choice, kept for a year. */
export function rememberLanguage(choice: Language): void {
  document.cookie = `lang=${choice}; path=/; max-age=31536000; samesite=lax`;
}
