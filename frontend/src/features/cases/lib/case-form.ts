import type { CaseDetail, CaseFormBody } from '@/api/generated/model';
import { t } from '@/i18n/zh-HK';

/** The case form's fields as typed (numbers stay text until submitted). */
export interface CaseFormState {
  postType: string;
  postTitle: string;
  level: string;
  grade: string;
  subjects: string[];
  region: string;
  location: string;
  rate: string;
  sessionLength: string;
  sessionsPerWeek: string;
  description: string;
  preferredGender: string;
  startDate: string;
}

export type CaseFormField = keyof CaseFormState;
export type CaseFormErrors = Partial<Record<CaseFormField, string>>;

/** Spec §3 defaults: student-seeking-tutor, "no limit", everything else empty. */
export const emptyCaseForm: CaseFormState = {
  postType: 'student-seeking-tutor',
  postTitle: '',
  level: '',
  grade: '',
  subjects: [],
  region: '',
  location: '',
  rate: '',
  sessionLength: '',
  sessionsPerWeek: '',
  description: '',
  preferredGender: 'no limit',
  startDate: '',
};

/** A stored case back in the form, for edit mode. */
export function formFromCase(item: CaseDetail): CaseFormState {
  return {
    postType: item.postType,
    postTitle: item.postTitle,
    level: item.level,
    grade: item.grade,
    subjects: [...item.subjects],
    region: item.region,
    location: item.location,
    rate: String(item.rate),
    sessionLength: String(item.sessionLength),
    sessionsPerWeek: String(item.sessionsPerWeek),
    description: item.description,
    preferredGender: item.preferredGender,
    startDate: item.startDate,
  };
}

/** Spec §3: changing the level clears the grade and the chosen subjects; the region clears the place. */
export function changeField(state: CaseFormState, field: CaseFormField, value: string | string[]): CaseFormState {
  const next = { ...state, [field]: value };
  if (field === 'level') return { ...next, grade: '', subjects: [] };
  if (field === 'region') return { ...next, location: '' };
  return next;
}

const labels = t.cases.form;

/**
 * What the user must fix before submitting (spec §5: every field is required; the fee is a
 * number, lesson length and weekly lessons whole numbers). The server checks the rest.
 */
export function checkCaseForm(state: CaseFormState): CaseFormErrors {
  const errors: CaseFormErrors = {};
  const required: [CaseFormField, string][] = [
    ['postTitle', labels.postTitle],
    ['level', labels.level],
    ['grade', labels.grade],
    ['location', labels.location],
    ['rate', labels.rateShort],
    ['sessionLength', labels.sessionLengthShort],
    ['sessionsPerWeek', labels.sessionsPerWeek],
    ['description', labels.description],
    ['startDate', labels.startDate],
  ];
  for (const [field, label] of required) {
    const value = state[field];
    if (typeof value === 'string' && value.trim() === '') errors[field] = labels.required(label);
  }
  if (state.subjects.every((s) => s.trim() === '')) errors.subjects = labels.required(labels.subjects);
  if (!errors.rate && !Number.isFinite(Number(state.rate))) errors.rate = labels.numberInvalid;
  for (const field of ['sessionLength', 'sessionsPerWeek'] as const) {
    if (!errors[field] && !/^\d+$/.test(state[field].trim())) errors[field] = labels.integerInvalid;
  }
  return errors;
}

/** The payload of POST /cases and PUT /cases/{caseId}. */
export function toCaseBody(state: CaseFormState): CaseFormBody {
  return {
    postType: state.postType,
    postTitle: state.postTitle.trim(),
    level: state.level,
    grade: state.grade,
    subjects: state.subjects.map((s) => s.trim()).filter((s) => s !== ''),
    location: state.location,
    rate: Number.parseFloat(state.rate),
    sessionLength: Number.parseInt(state.sessionLength, 10),
    sessionsPerWeek: Number.parseInt(state.sessionsPerWeek, 10),
    description: state.description.trim(),
    preferredGender: state.preferredGender,
    startDate: state.startDate,
  };
}

/** Field errors the server sent (`errors[]`), keyed by the form's fields. */
export function serverFieldErrors(errors: { field: string; message: string }[] | undefined): CaseFormErrors {
  const out: CaseFormErrors = {};
  for (const e of errors ?? []) {
    const field = (e.field === 'category' ? 'level' : e.field) as CaseFormField;
    if (field in emptyCaseForm && !out[field]) out[field] = e.message;
  }
  return out;
}
