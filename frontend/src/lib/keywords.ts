/**
 * The words typed into a search box, as the server reads them (`q` on GET /cases and
 * GET /tutors): runs of letters and digits in any script, lower-cased, without repeats. The
 * screen uses them to mark where each word was found.
 */

/** The server refuses longer text (a clear 400); the box stops there before it is sent. */
export const KEYWORDS_MAX_CHARS = 100;

export function keywordsOf(typed: string): string[] {
  const words: string[] = [];
  for (const word of typed.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word !== '' && !words.includes(word)) words.push(word);
  }
  return words;
}

/** `text` cut into pieces, each marked when it is one of `words` (case-insensitive). */
export function highlightPieces(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  const wanted = words.filter((w) => w !== '');
  if (wanted.length === 0 || text === '') return [{ text, match: false }];
  // Longest first, so a longer word wins where a shorter one inside it also matches.
  const escaped = [...wanted].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: piece, match: wanted.some((w) => w === piece.toLowerCase()) }));
}
