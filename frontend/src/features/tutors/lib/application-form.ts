import {
  TUTOR_AGE_MAX,
  TUTOR_AGE_MIN,
  TUTOR_EXPERIENCE_YEARS_MAX,
  TUTOR_EXPERIENCE_YEARS_MIN,
  TUTOR_FREE_TEXT_SUBJECT_MAX_CHARS,
  TUTOR_LONG_TEXT_MAX_CHARS,
  TUTOR_SHORT_TEXT_MAX_CHARS,
  TUTOR_SUBJECTS_MAX,
} from '@/api/form-limits';
import type { Catalogue, GetFeeGuideParams, SubmitTutorApplicationBody } from '@/api/generated/model';
import { rulesZhHK } from '@/i18n/rules-zh-HK';
import { t } from '@/i18n/zh-HK';
import { avatarProblem } from '@/lib/avatar';
import { displayNameProblem } from '@/lib/display-name';
import { type CheckMode, feeProblem, rangeProblem, textProblem } from '@/lib/form-rules';
import { localPhone } from '@/lib/phone';

/** The most subjects one tutor lists (the server's `SUBJECTS_MAX`; it refuses more). */
export const SUBJECTS_MAX = TUTOR_SUBJECTS_MAX;

/** The longest subject typed for a free-text level (the server's `FREE_TEXT_SUBJECT_MAX_CHARS`). */
export const TYPED_SUBJECT_MAX_CHARS = TUTOR_FREE_TEXT_SUBJECT_MAX_CHARS;

export type TextField =
  | 'name'
  | 'contactNumber'
  | 'education'
  | 'age'
  | 'teachingExperience'
  | 'examResults'
  | 'courseFeatures'
  | 'teachingArea'
  | 'teachingSchedule'
  | 'requiredFee'
  | 'bio';

/** Fields chosen as chips: several values each. */
export type ListField = 'subjects' | 'teachingModes' | 'teachingDistricts';

export type ApplicationValues = Record<TextField, string> &
  Record<ListField, string[]> & {
    /** `male`, `female`, or empty: the tutor's to give or not. */
    gender: string;
  };
export type ApplicationErrors = Partial<Record<TextField | ListField | 'gender' | 'avatar', string>>;

export const emptyApplication: ApplicationValues = {
  name: '',
  contactNumber: '',
  education: '',
  age: '',
  teachingExperience: '',
  subjects: [],
  examResults: '',
  courseFeatures: '',
  teachingArea: '',
  teachingSchedule: '',
  teachingModes: [],
  teachingDistricts: [],
  requiredFee: '',
  bio: '',
  gender: '',
};

/** The form as it opens: name and phone from the account (the phone's local 8 digits), still editable. */
export function prefilledApplication(account: { name: string; phone: string } | undefined): ApplicationValues {
  if (!account) return emptyApplication;
  return { ...emptyApplication, name: account.name, contactNumber: localPhone(account.phone) };
}

/** A subject as the server reads it: the level's label, a space, the subject. */
export function subjectLabel(levelLabel: string, subject: string): string {
  return `${levelLabel} ${subject}`;
}

/** Comma-separated input (half- or full-width commas, the ideographic comma) as a list of trimmed items, as the server splits it. */
export function splitSubjects(raw: string): string[] {
  return raw
    .split(/[,\uFF0C\u3001]/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
}

/** Adds `item`, or removes it when it is there; an addition beyond `max` items changes nothing. */
export function toggleItem(items: readonly string[], item: string, max = Infinity): string[] {
  if (items.includes(item)) return items.filter((i) => i !== item);
  return items.length < max ? [...items, item] : [...items];
}

/**
 * Adds what was typed for a free-text level (tertiary): "a, b" is two subjects, as the
 * server would split it; items already listed are skipped, and nothing goes past the limit.
 */
export function addTypedSubjects(items: readonly string[], levelLabel: string, typed: string): string[] {
  const next = [...items];
  for (const subject of splitSubjects(typed)) {
    const label = subjectLabel(levelLabel, subject);
    if (!next.includes(label) && next.length < SUBJECTS_MAX) next.push(label);
  }
  return next;
}

const labels = (): Record<TextField, string> => {
  const a = t.tutors.application;
  return {
    name: a.name,
    contactNumber: a.contactNumber,
    education: a.education,
    age: a.age,
    teachingExperience: a.teachingExperience,
    examResults: a.examResults,
    courseFeatures: a.courseFeatures,
    teachingArea: a.teachingArea,
    teachingSchedule: a.teachingSchedule,
    requiredFee: a.requiredFee,
    bio: a.bio,
  };
};

const textFields = Object.keys(labels()) as TextField[];

/** A whole number of years, in the server's words: not a whole number, or out of `range`. */
function yearsProblem(
  raw: string,
  label: string,
  range: { min: number; max: number },
  unit: string,
  mode: CheckMode,
): string | undefined {
  const typed = raw.trim();
  if (typed === '') return undefined;
  return /^[+-]?\d+$/.test(typed)
    ? rangeProblem(Number(typed), label, range, unit, mode)
    : t.tutors.application.integerRequired(label);
}

/**
 * What the user must see before submitting (spec §5; the server's `ApplicationDetails::parse`),
 * in the server's words and with its limits: every text field, a subject and a teaching mode
 * required, a name of letters, texts within their lengths, no contact details in the bio and the
 * course features (the profile shows them to anyone), age and experience within range and the
 * experience less than the age, a fee the server takes, a JPEG, PNG or WebP avatar of at most
 * 5 MB. Teaching districts are optional. `mode` says how much to show while the person types.
 */
export function validateApplication(
  values: ApplicationValues,
  avatar: File | null,
  mode: CheckMode = 'submit',
): ApplicationErrors {
  const a = t.tutors.application;
  const errors: ApplicationErrors = {};
  const put = (field: keyof ApplicationErrors, problem: string | undefined) => {
    if (problem && !errors[field]) errors[field] = problem;
  };
  const label = labels();
  if (mode === 'submit') {
    for (const field of textFields) {
      if (values[field].trim() === '') put(field, a.required(label[field]));
    }
  }
  put('name', displayNameProblem(values.name, mode));
  const short = { max: TUTOR_SHORT_TEXT_MAX_CHARS };
  const long = { max: TUTOR_LONG_TEXT_MAX_CHARS };
  put('education', textProblem(values.education, label.education, short, mode));
  put('teachingSchedule', textProblem(values.teachingSchedule, label.teachingSchedule, short, mode));
  put('examResults', textProblem(values.examResults, label.examResults, long, mode));
  put('courseFeatures', textProblem(values.courseFeatures, label.courseFeatures, { ...long, exchange: 'tutor' }, mode));
  put('bio', textProblem(values.bio, label.bio, { ...long, exchange: 'tutor' }, mode));
  const ageRange = { min: TUTOR_AGE_MIN, max: TUTOR_AGE_MAX };
  const yearsRange = { min: TUTOR_EXPERIENCE_YEARS_MIN, max: TUTOR_EXPERIENCE_YEARS_MAX };
  put('age', yearsProblem(values.age, label.age, ageRange, rulesZhHK.units.age, mode));
  put(
    'teachingExperience',
    yearsProblem(values.teachingExperience, a.teachingExperienceShort, yearsRange, rulesZhHK.units.years, mode),
  );
  const [age, years] = [Number(values.age.trim()), Number(values.teachingExperience.trim())];
  const bothGiven = values.age.trim() !== '' && values.teachingExperience.trim() !== '';
  if (mode !== 'typing' && bothGiven && !errors.age && !errors.teachingExperience && years >= age) {
    put('teachingExperience', rulesZhHK.experienceOverAge);
  }
  const fee = values.requiredFee.trim();
  if (fee !== '') {
    const dollars = Number(fee);
    put('requiredFee', Number.isFinite(dollars) ? feeProblem(dollars, mode) : a.numberRequired(label.requiredFee));
  }
  if (mode === 'submit') {
    if (values.subjects.length === 0) put('subjects', a.subjectsRequired);
    if (values.teachingModes.length === 0) put('teachingModes', a.teachingModesRequired);
    const problem = avatar ? avatarProblem(avatar) : a.avatarRequired;
    if (problem) put('avatar', problem);
  }
  return errors;
}

/**
 * The server's field messages on this form's fields. The server names the modes `teachingMode`
 * when the single field was the one at fault: here both are the one chip group.
 */
export function applicationServerErrors(fields: Record<string, string>): ApplicationErrors {
  const { teachingMode, ...rest } = fields;
  const errors = rest as ApplicationErrors;
  return teachingMode && !errors.teachingModes ? { ...errors, teachingModes: teachingMode } : errors;
}

/**
 * The multipart body: text trimmed, subjects as "level subject" items, the first chosen mode as
 * the single `teachingMode` and every chosen mode in `teachingModes` (the server joins them,
 * first one first), the chosen districts (none: the server takes the area's district).
 */
export function toSubmitBody(values: ApplicationValues, avatar: File): SubmitTutorApplicationBody {
  const text = Object.fromEntries(textFields.map((field) => [field, values[field].trim()])) as Record<
    TextField,
    string
  >;
  return {
    ...text,
    subjects: [...values.subjects],
    teachingMode: values.teachingModes[0],
    teachingModes: [...values.teachingModes],
    teachingDistricts: [...values.teachingDistricts],
    ...(values.gender ? { gender: values.gender } : {}),
    avatar,
  };
}

/**
 * What the tutor's fee is compared with: the first subject chosen (the level's label, a space,
 * the subject) in the region of the tutor's area.
 */
export function feeSample(
  catalogue: Catalogue | undefined,
  subject: string | undefined,
  area: string,
): Partial<GetFeeGuideParams> {
  const level = catalogue?.levels.find((l) => subject?.startsWith(`${l.label} `));
  if (!level || !subject) return {};
  const region = catalogue?.regions.find((r) => r.districts.some((d) => d.areas.includes(area)));
  return {
    level: level.key,
    subject: subject.slice(level.label.length + 1),
    ...(region ? { region: region.name } : {}),
  };
}
