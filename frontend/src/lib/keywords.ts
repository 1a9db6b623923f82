/**
 * The words typed into a search box, as the server reads them (`q` on GET /cases and
 * GET /tutors): runs of letters and digits in any script, lower-cased, without repeats. The
 * screen uses them to mark where each word was found.
 */

/** The server refuses longer text (a clear 400); the box stops there before it is sent. */
export const KEYWORDS_MAX_CHARS = 100;

export function keywordsOf(typed: string): string[] {
  const words: string[] = [];
  // NFKC: full-width letters and digits (ＤＳＥ) as the server reads them (DSE).
  for (const word of typed
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)) {
    if (word !== '' && !words.includes(word)) words.push(word);
  }
  return words;
}

/** Chinese (and Japanese, Korean) letters: the server finds them anywhere in the text. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;

/**
 * A word's runs as the server matches them: a run of Chinese characters anywhere in the text,
 * a run of other letters and digits only as a whole word ("ib" is not in "Library").
 */
function patternsOf(word: string): string[] {
  const escape = (run: string) => run.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return word
    .split(new RegExp(`(${CJK.source})`, 'u'))
    .filter((run) => run !== '')
    .map((run) => (CJK.test(run) ? escape(run) : `(?<![\\p{L}\\p{N}])${escape(run)}(?![\\p{L}\\p{N}])`));
}

/** `text` cut into pieces, each marked when it is where one of `words` was found. */
export function highlightPieces(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  // Longest first, so a longer run wins where a shorter one inside it also matches.
  const patterns = [...new Set(words.flatMap(patternsOf))].sort((a, b) => b.length - a.length);
  if (patterns.length === 0 || text === '') return [{ text, match: false }];
  const pattern = new RegExp(`(${patterns.join('|')})`, 'giu');
  const pieces: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > at) pieces.push({ text: text.slice(at, found.index), match: false });
    pieces.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), match: false });
  return pieces;
}
