/**
 * A field's name inside an English message, as the server words it (crates/http/src/words):
 * shared by the forms' rules (rules-en.ts) and the areas' own messages, in a module of its own
 * so that the areas' words do not bring the rules' (which only pages with a form load).
 */

/**
 * A field's name in the middle of a sentence: "Title" reads "title" ("Please fill in the
 * title."), as the server words it. A name that is not one capitalised word (FPS, a zh label)
 * is left as it is.
 */
export function inSentence(label: string): string {
  return /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** A field's name starting a sentence: "title" reads "Title" ("Title can be at most …"). */
export function sentenceStart(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}
