import { describe, expect, it } from 'vitest';
import {
  changeField,
  checkCaseForm,
  emptyCaseForm,
  serverFieldErrors,
  toCaseBody,
  type CaseFormState,
} from './case-form';

const filled: CaseFormState = {
  ...emptyCaseForm,
  postTitle: ' 中三數學 ',
  level: 'secondary',
  grade: '中三',
  subjects: ['數學'],
  region: '九龍',
  location: '藍田',
  rate: '350.5',
  sessionLength: '90',
  sessionsPerWeek: '2',
  description: '加強代數',
  startDate: '2027-01-15',
};

describe('the case form', () => {
  it('starts as student-seeking-tutor with no gender limit and nothing else filled (spec §3)', () => {
    expect(emptyCaseForm.postType).toBe('student-seeking-tutor');
    expect(emptyCaseForm.preferredGender).toBe('no limit');
    expect(emptyCaseForm.postTitle).toBe('');
    expect(emptyCaseForm.subjects).toEqual([]);
  });

  it('clears grade and subjects when the level changes, and the place when the region does', () => {
    const changed = changeField(filled, 'level', 'primary');
    expect(changed).toMatchObject({ level: 'primary', grade: '', subjects: [] });
    expect(changeField(filled, 'region', '新界').location).toBe('');
    expect(changeField(filled, 'grade', '中四').subjects).toEqual(['數學']);
  });

  it('requires every field and whole numbers for lessons', () => {
    const errors = checkCaseForm(emptyCaseForm);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'description',
        'grade',
        'level',
        'location',
        'postTitle',
        'rate',
        'sessionLength',
        'sessionsPerWeek',
        'startDate',
        'subjects',
      ].sort(),
    );
    expect(errors.postTitle).toBe('請填寫標題');
    expect(checkCaseForm({ ...filled, sessionLength: '1.5', rate: 'abc' })).toEqual({
      sessionLength: '請輸入整數',
      rate: '請輸入數字',
    });
    expect(checkCaseForm(filled)).toEqual({});
  });

  it('sends numbers as numbers and trimmed text', () => {
    expect(toCaseBody(filled)).toMatchObject({
      postTitle: '中三數學',
      rate: 350.5,
      sessionLength: 90,
      sessionsPerWeek: 2,
      subjects: ['數學'],
    });
  });

  it('places the server field errors under their fields', () => {
    expect(
      serverFieldErrors([
        { field: 'grade', message: '請選擇年級' },
        { field: 'unknown', message: 'x' },
      ]),
    ).toEqual({ grade: '請選擇年級' });
  });
});
