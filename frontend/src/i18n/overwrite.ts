/**
 * Another language's words written over the zh-HK catalogues in place (load.ts), and the
 * catalogues that pages load with their own code (billing, the forms' rules), which take the
 * page's language as soon as both they and its words are loaded. Apart from load.ts, so that
 * those catalogues do not import the loader (and with it, the English chunk).
 */

/** The English catalogues of what pages load with their own code, by their name in ./english. */
export type LaterCatalogue =
  'alertsEn' | 'billingEn' | 'bookingsEn' | 'lessonsEn' | 'profileEn' | 'reviewsEn' | 'rulesEn';

type LaterWords = Readonly<Record<LaterCatalogue, object>>;

/** The page's other-language words for them, once loaded. */
let laterWords: LaterWords | undefined;

const later: [object, LaterCatalogue][] = [];

/** Writes `source` over `target`, object by object, so references into `target` see it. */
export function overwrite(target: object, source: object): void {
  const into = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const existing = into[key];
    if (isPlainObject(existing) && isPlainObject(value)) overwrite(existing, value);
    else into[key] = value;
  }
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A catalogue loaded with a page's own code rather than the app's start (so zh-HK pages that
 * never show it do not carry it): it takes the page's language as soon as both are loaded.
 */
export function translatedLater<T extends object>(zh: T, englishName: LaterCatalogue): T {
  later.push([zh, englishName]);
  if (laterWords) overwrite(zh, laterWords[englishName]);
  return zh;
}

/** The page's words are loaded: every catalogue loaded so far, and any loaded later, takes them. */
export function applyLater(words: LaterWords): void {
  laterWords = words;
  for (const [zh, englishName] of later) overwrite(zh, words[englishName]);
}
