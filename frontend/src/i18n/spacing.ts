/**
 * Mixed Chinese and Latin text as Hong Kong writes it: a space where a Chinese character meets a
 * Latin letter or digit, none next to full-width punctuation. The catalogue's own words are
 * written that way; a name put into a sentence is not known in advance (a tutor may be called
 * Ivan or a Chinese name), so the space at each join is decided when the sentence is made.
 */

/** A Han character (CJK ideographs, every extension and compatibility block). */
const HAN = /\p{Script=Han}/u;
/** A Latin letter (with accents) or an ASCII digit. */
const LATIN = /[\p{Script=Latin}0-9]/u;

function lastChar(text: string): string {
  return Array.from(text).at(-1) ?? '';
}

function firstChar(text: string): string {
  return Array.from(text)[0] ?? '';
}

/** Whether Hong Kong typesetting puts a space between `left` and `right` where they meet. */
function spaceBetween(left: string, right: string): boolean {
  const a = lastChar(left);
  const b = firstChar(right);
  return (HAN.test(a) && LATIN.test(b)) || (LATIN.test(a) && HAN.test(b));
}

/**
 * A template tag for catalogue sentences that take a name: spaces the joins between the
 * sentence and each value where Chinese meets Latin, and leaves everything else as written.
 * With a value "Ivan", the sentence "choose ${name}?" written in Chinese reads with a space
 * before and after the name; with a Chinese name it reads with none.
 */
export function spaced(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    const text = String(value);
    const after = strings[index + 1] ?? '';
    out += (spaceBetween(out, text) ? ' ' : '') + text;
    out += (spaceBetween(text, after) ? ' ' : '') + after;
  });
  return out;
}
