import {
  CASE_DESCRIPTION_MAX_CHARS,
  CASE_SESSION_MINUTES_MAX,
  CASE_SESSION_MINUTES_MIN,
  CASE_SESSIONS_PER_WEEK_MAX,
  CASE_SESSIONS_PER_WEEK_MIN,
  CASE_TITLE_MAX_CHARS,
  CASE_TITLE_MIN_CHARS,
} from '@/api/form-limits';
import type { CaseDetail, CaseFormBody } from '@/api/generated/model';
import { rulesZhHK } from '@/i18n/rules-zh-HK';
import { t } from '@/i18n/zh-HK';
import { contactProblem } from '@/lib/contact-details';
import {
  type CheckMode,
  feeProblem,
  hongKongToday,
  rangeProblem,
  startDateProblem,
  textProblem,
} from '@/lib/form-rules';

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

/** What the case form's rules are checked against. */
export interface CaseFormCheck {
  /** Hong Kong's date (`YYYY-MM-DD`): the start date is from today on. */
  today?: string;
  /** The start date the edited case has: it may stay, passed or not. */
  keptStartDate?: string;
  mode?: CheckMode;
}

/**
 * Every rule of the server's case form the user must see before submitting (spec §5; the
 * server's `CaseDetails::parse_to_post`), in its words and with its limits: every field
 * required, a real title, no contact details in what strangers read, the fee and the lessons
 * within range, a start date from today on. The server checks it all again.
 */
export function checkCaseForm(
  state: CaseFormState,
  { today = hongKongToday(), keptStartDate = '', mode = 'submit' }: CaseFormCheck = {},
): CaseFormErrors {
  const errors: CaseFormErrors = {};
  const put = (field: CaseFormField, problem: string | undefined) => {
    if (problem && !errors[field]) errors[field] = problem;
  };
  if (mode === 'submit') {
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
      if (typeof value === 'string' && value.trim() === '') put(field, labels.required(label));
    }
    if (state.subjects.every((s) => s.trim() === '')) put('subjects', labels.required(labels.subjects));
  }
  put(
    'postTitle',
    textProblem(
      state.postTitle,
      labels.postTitle,
      { max: CASE_TITLE_MAX_CHARS, minChars: CASE_TITLE_MIN_CHARS, exchange: 'case' },
      mode,
    ),
  );
  put(
    'description',
    textProblem(
      state.description,
      labels.description,
      { max: CASE_DESCRIPTION_MAX_CHARS, minChars: 0, exchange: 'case' },
      mode,
    ),
  );
  for (const subject of state.subjects) put('subjects', contactProblem(subject, labels.subjects, 'case'));
  const rate = state.rate.trim();
  if (rate !== '') {
    const dollars = Number(rate);
    put('rate', Number.isFinite(dollars) ? feeProblem(dollars, mode) : labels.numberInvalid);
  }
  const lessons: [CaseFormField, string, { min: number; max: number }, string][] = [
    [
      'sessionLength',
      labels.sessionLengthShort,
      { min: CASE_SESSION_MINUTES_MIN, max: CASE_SESSION_MINUTES_MAX },
      rulesZhHK.units.minutes,
    ],
    [
      'sessionsPerWeek',
      labels.sessionsPerWeek,
      { min: CASE_SESSIONS_PER_WEEK_MIN, max: CASE_SESSIONS_PER_WEEK_MAX },
      rulesZhHK.units.lessons,
    ],
  ];
  for (const [field, label, range, unit] of lessons) {
    const raw = String(state[field]).trim();
    if (raw === '') continue;
    put(field, /^[+-]?\d+$/.test(raw) ? rangeProblem(Number(raw), label, range, unit, mode) : labels.integerInvalid);
  }
  put('startDate', startDateProblem(state.startDate, today, keptStartDate));
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
