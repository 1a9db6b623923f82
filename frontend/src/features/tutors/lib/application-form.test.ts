import { describe, expect, it } from 'vitest';
import { addSubject, emptyApplication, MAX_AVATAR_BYTES, splitSubjects, validateApplication } from './application-form';

const filled = {
  ...emptyApplication,
  name: '陳大文',
  contactNumber: '91234567',
  education: '港大',
  age: '24',
  teachingExperience: '3',
  subjects: '中學 數學',
  examResults: '5**',
  courseFeatures: '耐心',
  teachingArea: '藍田',
  teachingSchedule: '週末',
  teachingMode: 'one-to-one',
  requiredFee: '300',
  bio: '你好',
};

describe('tutor application form', () => {
  it('splits comma-separated subjects and trims each', () => {
    expect(splitSubjects(' 中學 數學,中學 物理， 小學 英文、 ,')).toEqual(['中學 數學', '中學 物理', '小學 英文']);
    expect(addSubject('中學 數學', '中學 物理')).toBe('中學 數學, 中學 物理');
    expect(addSubject('中學 數學', '中學 數學')).toBe('中學 數學');
  });

  it('requires every field and an avatar of at most 5 MB', () => {
    const errors = validateApplication(emptyApplication, null);
    expect(Object.keys(errors)).toHaveLength(14);
    expect(errors.avatar).toBe('請上載頭像');
    const big = new File([new Uint8Array(MAX_AVATAR_BYTES + 1)], 'a.png', { type: 'image/png' });
    expect(validateApplication(filled, big)).toEqual({ avatar: '頭像檔案超過大小上限（最大 5MB）' });
    const ok = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    expect(validateApplication(filled, ok)).toEqual({});
    expect(validateApplication({ ...filled, age: 'abc' }, ok)).toEqual({ age: '年齡必須是數字' });
  });
});
