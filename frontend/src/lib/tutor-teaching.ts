import type { PublicTutor } from '@/api/generated/model';
import { catalogueName, catalogueNames } from '@/i18n/catalogue-names';

type TeachingFacts = Partial<
  Pick<PublicTutor, 'teachingModes' | 'teachingModeLabel' | 'teachingMode' | 'teachingDistricts' | 'district'>
>;

/** The trimmed text, or undefined when there is none (then a screen says "not filled"). */
export function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * A subject as a profile lists it (the level's stored label, a space, the subject) as the
 * reader reads it ("Secondary Mathematics"): each part on its own (unless the catalogue names the
 * whole, as a kindergarten grade's name), a typed subject as typed.
 * The stored pair is what a booking sends and what the checks compare.
 */
export function levelSubjectName(stored: string): string {
  const whole = catalogueName(stored);
  const space = stored.indexOf(' ');
  if (whole !== stored || space < 0) return whole;
  const level = catalogueName(stored.slice(0, space));
  const subject = catalogueName(stored.slice(space + 1).trim());
  // "Kindergarten Chinese" names its level already: not "Kindergarten Kindergarten Chinese".
  return subject.startsWith(`${level} `) ? subject : `${level} ${subject}`;
}

/**
 * Every mode a tutor teaches in, first one first, as one line of labels, for the profile and for an
 * owner comparing applicants; a profile without the list (older data) shows its one mode.
 */
export function teachingModesLine(tutor: TeachingFacts): string | undefined {
  const labels = (tutor.teachingModes ?? []).map((mode) => mode.label.trim()).filter((label) => label !== '');
  if (labels.length > 0) return catalogueNames(labels);
  const label = filled(tutor.teachingModeLabel);
  return label ? catalogueName(label) : filled(tutor.teachingMode);
}

/** The districts a tutor teaches in, as one line; without the list, the district of the tutor's area. */
export function teachingDistrictsLine(tutor: TeachingFacts): string | undefined {
  const districts = (tutor.teachingDistricts ?? []).map((d) => d.trim()).filter((d) => d !== '');
  if (districts.length > 0) return catalogueNames(districts);
  const district = filled(tutor.district);
  return district && catalogueName(district);
}
