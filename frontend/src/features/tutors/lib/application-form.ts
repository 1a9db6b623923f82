import type { SubmitTutorApplicationBody } from '@/api/generated/model';
import { MAX_UPLOAD_BYTES } from '@/config/limits';
import { t } from '@/i18n/zh-HK';

/** The largest avatar accepted (spec §9). */
export const MAX_AVATAR_BYTES = MAX_UPLOAD_BYTES;

export type TextField =
  | 'name'
  | 'contactNumber'
  | 'education'
  | 'age'
  | 'teachingExperience'
  | 'subjects'
  | 'examResults'
  | 'courseFeatures'
  | 'teachingArea'
  | 'teachingSchedule'
  | 'teachingMode'
  | 'requiredFee'
  | 'bio';

export type ApplicationValues = Record<TextField, string>;
export type ApplicationErrors = Partial<Record<TextField | 'avatar', string>>;

export const emptyApplication: ApplicationValues = {
  name: '',
  contactNumber: '',
  education: '',
  age: '',
  teachingExperience: '',
  subjects: '',
  examResults: '',
  courseFeatures: '',
  teachingArea: '',
  teachingSchedule: '',
  teachingMode: '',
  requiredFee: '',
  bio: '',
};

/** Comma-separated input (half- or full-width commas, the ideographic comma) as a list of trimmed items (spec §3). */
export function splitSubjects(raw: string): string[] {
  return raw
    .split(/[,\uFF0C\u3001]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Appends a catalogue suggestion unless it is already listed. */
export function addSubject(raw: string, subject: string): string {
  const items = splitSubjects(raw);
  return items.includes(subject) ? raw : [...items, subject].join(', ');
}

const labels = (): Record<TextField, string> => {
  const a = t.tutors.application;
  return {
    name: a.name,
    contactNumber: a.contactNumber,
    education: a.education,
    age: a.age,
    teachingExperience: a.teachingExperience,
    subjects: a.subjects,
    examResults: a.examResults,
    courseFeatures: a.courseFeatures,
    teachingArea: a.teachingArea,
    teachingSchedule: a.teachingSchedule,
    teachingMode: a.teachingMode,
    requiredFee: a.requiredFee,
    bio: a.bio,
  };
};

/**
 * What the user must see before submitting (spec §5): every field required, numbers numeric,
 * an avatar of at most 5 MB. The server checks everything again, and more.
 */
export function validateApplication(values: ApplicationValues, avatar: File | null): ApplicationErrors {
  const errors: ApplicationErrors = {};
  const label = labels();
  for (const field of Object.keys(values) as TextField[]) {
    const value = field === 'subjects' ? splitSubjects(values[field]).join('') : values[field].trim();
    if (value === '') errors[field] = t.tutors.application.required(label[field]);
  }
  for (const field of ['age', 'teachingExperience', 'requiredFee'] as const) {
    if (!errors[field] && !Number.isFinite(Number(values[field].trim()))) {
      errors[field] = t.tutors.application.numberRequired(label[field]);
    }
  }
  if (!avatar) errors.avatar = t.tutors.application.avatarRequired;
  else if (avatar.size > MAX_AVATAR_BYTES) errors.avatar = t.tutors.application.avatarTooLarge;
  return errors;
}

export function toSubmitBody(values: ApplicationValues, avatar: File): SubmitTutorApplicationBody {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as ApplicationValues;
  return { ...trimmed, subjects: splitSubjects(values.subjects), teachingModes: [], teachingDistricts: [], avatar };
}
