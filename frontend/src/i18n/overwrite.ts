/**
 * Another language's words written over the zh-HK catalogues in place (load.ts), and the
 * catalogues that pages load with their own code (billing, bookings, the forms' rules…), each
 * with its English words in a chunk of its own. On an English page such a catalogue asks for its
 * words as its module loads, and the code that loads a page or a part on demand waits for them
 * before the first render (`laterWordsLoaded`, src/lib/lazy.ts): an English page loads the words
 * of its own areas only, and shows them from its first paint
 * (docs/adr/0076-public-pages-under-150-kib.md). Apart from load.ts, which imports them
 * through the app's words: they import this module, and an import cycle would follow.
 */
import { language } from './language';

/** Loads a catalogue's English words from its own chunk (`<area>-en.ts`). */
type EnglishWords = () => Promise<object>;

/**
 * A catalogue loaded with a page's code, its English words' loader, and its zh-HK words as
 * written, copied before English is first written over them (only a page that turns English).
 */
interface Later {
  catalogue: object;
  english: EnglishWords;
  zhHK?: object;
}

/** Every catalogue loaded with a page's code so far. */
const later: Later[] = [];

/** Each catalogue's English words, asked for or written in; one that failed to load is tried again. */
const translating = new Map<Later, Promise<void>>();

/**
 * Writes `source` over `target`, object by object, so references into `target` see it. An
 * object `target` lacks is copied rather than shared: `t` must never hold a language's own
 * catalogue, or the next language's words would be written over that catalogue itself.
 */
export function overwrite(target: object, source: object): void {
  const into = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const existing = into[key];
    if (isPlainObject(existing) && isPlainObject(value)) overwrite(existing, value);
    else into[key] = isPlainObject(value) ? copyOf(value) : value;
  }
}

/** A copy of `source`'s objects, nested ones too, sharing its other values (texts, messages, lists). */
function copyOf(source: object): object {
  return Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, isPlainObject(value) ? copyOf(value) : value]),
  );
}

/** A catalogue's group of words: an object literal, not a list or any other kind of object. */
function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * A catalogue loaded with a page's own code rather than the app's start (so pages that never show
 * it do not carry it). On an English page its words are asked for at once (`english`, a dynamic
 * import, so zh-HK pages never load them) and are in it once `laterWordsLoaded` settles.
 */
export function translatedLater<T extends object>(zh: T, english: EnglishWords): T {
  const entry: Later = { catalogue: zh, english };
  later.push(entry);
  if (language() === 'en') translate(entry).catch(() => undefined);
  return zh;
}

/**
 * Settles when every catalogue loaded so far is in the page's language: at once on a zh-HK page;
 * on an English one, once each has its English words (those loaded before the page turned
 * English too: the prerender renders zh-HK's screens first). Rejects when a chunk of words fails
 * to load, as a page's own chunk would; the next call asks for it again.
 */
export async function laterWordsLoaded(): Promise<void> {
  if (language() !== 'en') return;
  await Promise.all(later.map(translate));
}

/** The page is zh-HK again (load.ts): every catalogue loaded so far takes back its zh-HK words. */
export function laterInZhHK(): void {
  translating.clear();
  for (const { catalogue, zhHK } of later) if (zhHK) overwrite(catalogue, zhHK);
}

function translate(entry: Later): Promise<void> {
  let written = translating.get(entry);
  if (!written) {
    written = entry.english().then(
      (words) => {
        // Words that arrive after the page turned zh-HK again are not written.
        if (language() !== 'en') return;
        entry.zhHK ??= copyOf(entry.catalogue);
        overwrite(entry.catalogue, words);
      },
      (error: unknown) => {
        // Unless the page turned zh-HK and English again meanwhile, and asked anew.
        if (translating.get(entry) === written) translating.delete(entry);
        throw error;
      },
    );
    translating.set(entry, written);
  }
  return written;
}
