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

/** Hong Kong's date the tests run on: `filled` starts after it. */
const today = '2026-12-01';

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
    expect(checkCaseForm({ ...filled, sessionLength: '1.5', rate: 'abc' }, { today })).toEqual({
      sessionLength: '請輸入整數',
      rate: '請輸入數字',
    });
    expect(checkCaseForm(filled, { today })).toEqual({});
  });

  it("checks every limit of the server's at once, in the server's words", () => {
    const errors = checkCaseForm(
      { ...filled, rate: '100000.01', sessionLength: '10', sessionsPerWeek: '-3', postTitle: 'x'.repeat(61) },
      { today },
    );
    expect(errors).toEqual({
      rate: '每堂學費不可高於 HK$100000',
      sessionLength: '每堂時長須介乎 30 至 300 分鐘',
      sessionsPerWeek: '每週堂數須介乎 1 至 7 堂',
      postTitle: '標題不可多於 60 個字',
    });
    expect(checkCaseForm({ ...filled, rate: '0', sessionsPerWeek: '8' }, { today })).toEqual({
      rate: '每堂學費必須大於 0',
      sessionsPerWeek: '每週堂數須介乎 1 至 7 堂',
    });
    expect(checkCaseForm({ ...filled, rate: '300.555' }, { today }).rate).toBe('每堂學費最多只可有兩個小數位');
  });

  it('wants a real title, no contact details and a start date from today on', () => {
    const junk = { ...filled, postTitle: 'x', description: 'whatsapp 我 9123 4567', startDate: '2026-11-30' };
    expect(checkCaseForm(junk, { today })).toEqual({
      postTitle: '標題最少要有 4 個字',
      description:
        '為保障雙方，個案描述不可包含電話號碼或其他聯絡方法；導師確認配對後，雙方會在「我的個案」及「我的申請」看到對方的電話。',
      startDate: '開始日期不可早於今天',
    });
    expect(checkCaseForm({ ...filled, postTitle: '哈哈哈哈' }, { today }).postTitle).toBe('標題不可只重複同一個字');
    expect(checkCaseForm({ ...filled, startDate: today }, { today })).toEqual({});
    const edited = { ...filled, startDate: '2026-10-01' };
    expect(checkCaseForm(edited, { today, keptStartDate: '2026-10-01' })).toEqual({});
  });

  it('shows as the person types only what more typing cannot fix, the rest once the field is left', () => {
    const typing = { ...filled, postTitle: 'x', rate: '-5', sessionLength: '3', description: '電話 9123 4567' };
    expect(checkCaseForm(typing, { today, mode: 'typing' })).toEqual({
      rate: '每堂學費必須大於 0',
      description: expect.stringContaining('電話號碼'),
    });
    expect(checkCaseForm(typing, { today, mode: 'left' })).toMatchObject({
      postTitle: '標題最少要有 4 個字',
      sessionLength: '每堂時長須介乎 30 至 300 分鐘',
    });
    expect(checkCaseForm(emptyCaseForm, { today, mode: 'left' })).toEqual({});
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
