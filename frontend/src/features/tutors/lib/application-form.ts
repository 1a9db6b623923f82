import type { Catalogue, GetFeeGuideParams, SubmitTutorApplicationBody } from '@/api/generated/model';
import { t } from '@/i18n/zh-HK';
import { avatarProblem } from '@/lib/avatar';
import { localPhone } from '@/lib/phone';

/** The most subjects one tutor lists (the server's `SUBJECTS_MAX`; it refuses more). */
export const SUBJECTS_MAX = 12;

/** The longest subject typed for a free-text level (the server's `FREE_TEXT_SUBJECT_MAX_CHARS`). */
export const TYPED_SUBJECT_MAX_CHARS = 30;

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

/**
 * What the user must see before submitting (spec §5): every text field, a subject and a
 * teaching mode required, numbers numeric, a JPEG, PNG or WebP avatar of at most 5 MB. Teaching
 * districts are optional. The server checks everything again, and more.
 */
export function validateApplication(values: ApplicationValues, avatar: File | null): ApplicationErrors {
  const a = t.tutors.application;
  const errors: ApplicationErrors = {};
  const label = labels();
  for (const field of textFields) {
    if (values[field].trim() === '') errors[field] = a.required(label[field]);
  }
  for (const field of ['age', 'teachingExperience', 'requiredFee'] as const) {
    if (!errors[field] && !Number.isFinite(Number(values[field].trim()))) {
      errors[field] = a.numberRequired(label[field]);
    }
  }
  if (values.subjects.length === 0) errors.subjects = a.subjectsRequired;
  if (values.teachingModes.length === 0) errors.teachingModes = a.teachingModesRequired;
  const problem = avatar ? avatarProblem(avatar) : a.avatarRequired;
  if (problem) errors.avatar = problem;
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
