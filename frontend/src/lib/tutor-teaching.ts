import type { PublicTutor } from '@/api/generated/model';
import { t } from '@/i18n/zh-HK';

type TeachingFacts = Partial<
  Pick<PublicTutor, 'teachingModes' | 'teachingModeLabel' | 'teachingMode' | 'teachingDistricts' | 'district'>
>;

/** The trimmed text, or undefined when there is none (then a screen says "not filled"). */
export function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Every mode a tutor teaches in, first one first, as one line of labels, for the profile and for an
 * owner comparing applicants; a profile without the list (older data) shows its one mode.
 */
export function teachingModesLine(tutor: TeachingFacts): string | undefined {
  const labels = (tutor.teachingModes ?? []).map((mode) => mode.label.trim()).filter((label) => label !== '');
  if (labels.length > 0) return labels.join(t.filters.listSeparator);
  return filled(tutor.teachingModeLabel) ?? filled(tutor.teachingMode);
}

/** The districts a tutor teaches in, as one line; without the list, the district of the tutor's area. */
export function teachingDistrictsLine(tutor: TeachingFacts): string | undefined {
  const districts = (tutor.teachingDistricts ?? []).map((d) => d.trim()).filter((d) => d !== '');
  if (districts.length > 0) return districts.join(t.filters.listSeparator);
  return filled(tutor.district);
}
