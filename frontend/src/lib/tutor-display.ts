import type { PublicTutor } from '@/api/generated/model';
import { catalogueName, catalogueNames, STORED_LIST_MARK } from '@/i18n/catalogue-names';
import { formatRatePerLesson } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { filled, levelSubjectName, teachingDistrictsLine, teachingModesLine } from '@/lib/tutor-teaching';

type TutorLike = Partial<PublicTutor> & { id?: string };

/** The name, else the "user number {userId or id}" fallback (spec §2 tutor card). */
export function tutorName(tutor: TutorLike): string {
  return filled(tutor.name) ?? t.tutors.userNumber(Number(tutor.userId ?? tutor.id ?? 0));
}

/** The avatar's fallback: the first letter of the name (spec §2). */
export function tutorInitial(tutor: TutorLike): string {
  return Array.from(tutorName(tutor))[0] ?? '';
}

/** What a tutor card and the profile page show; each missing value reads "not filled". */
export function tutorDisplay(tutor: TutorLike) {
  const notFilled = t.common.notFilled;
  const subjects = (tutor.subjects ?? []).map((s) => s.trim()).filter((s) => s !== '');
  const location = filled(tutor.location);
  // The levels taught come as one line of stored names: each is shown in the page's language.
  const levels = (tutor.gradeLevel ?? '')
    .split(STORED_LIST_MARK)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return {
    name: tutorName(tutor),
    initial: tutorInitial(tutor),
    subjects: subjects.length > 0 ? subjects.map(levelSubjectName).join(t.filters.listSeparator) : notFilled,
    location: location ? catalogueName(location) : notFilled,
    // Every fee says it is per lesson, on cards and on the profile.
    rate: tutor.rate === undefined || tutor.rate === null ? notFilled : (formatRatePerLesson(tutor.rate) ?? notFilled),
    education: filled(tutor.education) ?? notFilled,
    gradeLevel: levels.length > 0 ? catalogueNames(levels) : notFilled,
    availableTimes: filled(tutor.availableTimes) ?? notFilled,
    teachingMode: teachingModesLine(tutor) ?? notFilled,
    teachingDistricts: teachingDistrictsLine(tutor) ?? notFilled,
    bio: filled(tutor.bio) ?? notFilled,
  };
}
