import type { CatalogueLevel } from '@/lib/catalogue';

/**
 * What a tutor's profile lacks for a case: nothing at its level, or none of its subjects there.
 * The server refuses such an application (409 `OUTSIDE_TEACHING`); this mirrors its rule
 * (crates/domain/src/matching/fit.rs, `Teaching`) so the tutor knows before tapping apply.
 */
export type NotTaught = { kind: 'level'; level: string } | { kind: 'subjects'; labels: string[] };

/**
 * `profileSubjects` as the profile lists them (the level's label, a space, the subject);
 * `caseSubjects` as the case names them at `level`. A typed subject (tertiary) matches
 * when either name holds the other, ignoring case. Undefined when the tutor teaches the case.
 */
export function notTaught(
  profileSubjects: readonly string[],
  level: CatalogueLevel,
  caseSubjects: readonly string[],
): NotTaught | undefined {
  const prefix = `${level.label} `;
  const atLevel = profileSubjects.filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length).trim());
  if (atLevel.length === 0) return { kind: 'level', level: level.label };
  const same = (taught: string, wanted: string) =>
    level.freeTextSubject ? overlaps(taught, wanted) : taught === wanted;
  if (caseSubjects.some((wanted) => atLevel.some((taught) => same(taught, wanted)))) return undefined;
  return { kind: 'subjects', labels: caseSubjects.map((s) => `${level.label} ${s}`) };
}

/** As the server's `fit::overlaps`: a one-character name must be the whole of the other. */
function overlaps(a: string, b: string): boolean {
  const [x, y] = [a.trim().toLowerCase(), b.trim().toLowerCase()];
  const holds = (long: string, short: string) => [...short].length >= 2 && long.includes(short);
  return x !== '' && y !== '' && (x === y || holds(x, y) || holds(y, x));
}
