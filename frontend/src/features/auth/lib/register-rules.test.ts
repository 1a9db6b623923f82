import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@/config/limits';
import { documentProblem } from '@/lib/documents';
import { birthYears, emptyDetails, nameProblem, validateDetails } from './register-rules';

const valid = {
  ...emptyDetails,
  name: '陳大文',
  email: 'chan@example.com',
  password: 'abcd1234',
  confirmPassword: 'abcd1234',
  birthdate: '2000-01-31',
};

const pdf = (bytes: number, name = 'br.pdf', type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('display name (spec §5)', () => {
  it('accepts Chinese, English and spaced English names', () => {
    expect(nameProblem('陳大文')).toBeUndefined();
    expect(nameProblem('Mary Chan')).toBeUndefined();
    expect(nameProblem('一二三四五六')).toBeUndefined();
    expect(nameProblem('Abcdefghijkl')).toBeUndefined();
  });

  it('gives the first broken rule in the order the server checks them', () => {
    expect(nameProblem('陳大文1')).toBe('名稱只可包含英文字母或中文字，不可包含數字或符號。');
    expect(nameProblem('Mary!')).toBe('名稱只可包含英文字母或中文字，不可包含數字或符號。');
    expect(nameProblem('一二三四五六七')).toBe('中文字最多 6 個。');
    expect(nameProblem('Abcdefghijklm')).toBe('英文字母最多 12 個。');
    expect(nameProblem('')).toBe('請輸入名稱');
    expect(nameProblem('   ')).toBe('名稱必須包含最少一個英文字母或中文字。');
  });
});

describe('registration details', () => {
  it('passes a complete individual', () => {
    expect(validateDetails(valid)).toEqual({});
  });

  it('names every missing or wrong field', () => {
    expect(
      validateDetails({ ...emptyDetails, email: 'not-an-email', password: 'abcdefgh', confirmPassword: 'x' }),
    ).toEqual({
      name: '請輸入名稱',
      email: '請輸入有效的電郵地址',
      password: '密碼必須最少 8 個字元，並包含英文字母及數字。',
      confirmPassword: '密碼與確認密碼不一致，請重新輸入。',
      birthdate: '請選擇出生日期',
    });
  });

  it('asks an organization for both documents', () => {
    const errors = validateDetails({ ...valid, userType: 'organization', businessRegistration: pdf(10) });
    expect(errors).toEqual({ addressProof: '機構註冊須上載商業登記證及地址證明。' });
  });

  it('refuses a document over 5 MB or of another type, by name', () => {
    expect(documentProblem(pdf(MAX_UPLOAD_BYTES), '商業登記證')).toBeUndefined();
    expect(documentProblem(pdf(MAX_UPLOAD_BYTES + 1), '商業登記證')).toBe('商業登記證檔案超過大小上限，最大 5MB');
    expect(documentProblem(pdf(10, 'proof.docx', 'application/msword'), '地址證明')).toBe(
      '地址證明：文件只接受 PDF、JPEG 或 PNG 格式',
    );
    expect(documentProblem(pdf(10, 'scan.JPG', ''), '地址證明')).toBeUndefined();
  });

  it('offers birth years from the year someone turns 15 backwards', () => {
    const years = birthYears(new Date(2026, 10, 22));
    expect(years[0]).toBe(2011);
    expect(years).toContain(1950);
    expect(years).not.toContain(2012);
  });
});
