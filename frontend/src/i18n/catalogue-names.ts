/**
 * The catalogue's names (levels, grades, subjects, regions, districts, areas, teaching modes)
 * in the page's language. What is stored and sent to the server is always the zh-HK name; only
 * what is shown changes. English names are crates/domain/src/shared/catalogue/mod.rs's, copied in
 * catalogue-names-en.ts, and come with the English chunk (load.ts).
 */
let englishNames: Readonly<Record<string, string>> | undefined;

/** The mark between names in a list the server stores or sends as one line ("小學、中學"). */
export const STORED_LIST_MARK = '、';

/** The English names on an English page; none on a zh-HK one (load.ts). */
export function setEnglishNames(names: Readonly<Record<string, string>> | undefined): void {
  englishNames = names;
}

/** A stored catalogue name as the reader reads it ("中三" → "S3" on an English page). */
export function catalogueName(stored: string): string {
  return englishNames?.[stored] ?? stored;
}

/** Several stored names, joined as the page's language lists them ("數學、英文" / "Maths, English"). */
export function catalogueNames(stored: readonly string[]): string {
  return stored.map(catalogueName).join(englishNames ? ', ' : STORED_LIST_MARK);
}
