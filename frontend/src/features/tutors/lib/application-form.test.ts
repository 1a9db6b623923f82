import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '@/lib/avatar';
import { catalogueFixture } from '@/testing/fixtures';
import {
  addTypedSubjects,
  applicationServerErrors,
  emptyApplication,
  feeSample,
  prefilledApplication,
  splitSubjects,
  SUBJECTS_MAX,
  toggleItem,
  toSubmitBody,
  validateApplication,
  type ApplicationValues,
} from './application-form';

const filled: ApplicationValues = {
  ...emptyApplication,
  name: '陳大文',
  contactNumber: '91234567',
  education: '港大',
  age: '24',
  teachingExperience: '3',
  subjects: ['中學 數學'],
  examResults: '5**',
  courseFeatures: '耐心',
  teachingArea: '藍田',
  teachingSchedule: '週末',
  teachingModes: ['one-to-one'],
  requiredFee: '300',
  bio: '你好',
};

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' });

describe('tutor application form', () => {
  it('opens with the account name and the local 8 digits of its phone', () => {
    expect(prefilledApplication({ name: '陳大文', phone: '+85291234567' })).toEqual({
      ...emptyApplication,
      name: '陳大文',
      contactNumber: '91234567',
    });
    expect(prefilledApplication(undefined)).toEqual(emptyApplication);
  });

  it('toggles chips, and adds none beyond the limit', () => {
    expect(toggleItem(['中學 數學'], '中學 物理')).toEqual(['中學 數學', '中學 物理']);
    expect(toggleItem(['中學 數學', '中學 物理'], '中學 數學')).toEqual(['中學 物理']);
    expect(toggleItem(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleItem(['a', 'b'], 'a', 2)).toEqual(['b']);
  });

  it('splits typed subjects as the server does and keeps at most 12 in all', () => {
    expect(splitSubjects(' 統計 ,微積分， 線性  代數、 ,')).toEqual(['統計', '微積分', '線性 代數']);
    expect(addTypedSubjects(['中學 數學'], '大學或以上', '統計, 中學 數學，統計')).toEqual([
      '中學 數學',
      '大學或以上 統計',
      '大學或以上 中學 數學',
    ]);
    const eleven = Array.from({ length: SUBJECTS_MAX - 1 }, (_, i) => `中學 科目${i}`);
    expect(addTypedSubjects(eleven, '大學或以上', '統計, 會計')).toEqual([...eleven, '大學或以上 統計']);
  });

  it('requires every text field, a subject, a mode and an avatar; districts are optional', () => {
    const errors = validateApplication(emptyApplication, null);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'name',
        'contactNumber',
        'education',
        'age',
        'teachingExperience',
        'examResults',
        'courseFeatures',
        'teachingArea',
        'teachingSchedule',
        'requiredFee',
        'bio',
        'subjects',
        'teachingModes',
        'avatar',
      ].sort(),
    );
    expect(errors.subjects).toBe('請選擇最少一個任教科目');
    expect(errors.teachingModes).toBe('請選擇最少一個教學模式');
    expect(errors.avatar).toBe('請上載頭像');
    expect(validateApplication(filled, png(10))).toEqual({});
    expect(validateApplication({ ...filled, age: 'abc' }, png(10))).toEqual({ age: '年齡必須是整數' });
  });

  it("checks every limit of the server's at once, in the server's words", () => {
    const wrong = { ...filled, age: '14', teachingExperience: '-3', requiredFee: '99999.999', name: '陳大文1' };
    expect(validateApplication(wrong, png(10))).toEqual({
      name: '名稱只可包含英文字母或中文字，不可包含數字或符號。',
      age: '年齡須介乎 15 至 90 歲',
      teachingExperience: '教學經驗須介乎 0 至 70 年',
      requiredFee: '每堂學費最多只可有兩個小數位',
    });
    expect(validateApplication({ ...filled, age: '20', teachingExperience: '20' }, png(10))).toEqual({
      teachingExperience: '教學經驗年數不可多於年齡',
    });
    expect(validateApplication({ ...filled, requiredFee: '100001', education: '港'.repeat(201) }, png(10))).toEqual({
      requiredFee: '每堂學費不可高於 HK$100000',
      education: '學歷不可多於 200 個字',
    });
  });

  it('keeps contact details out of the bio and the course features, which anyone may read', () => {
    const errors = validateApplication(
      { ...filled, bio: '歡迎 WhatsApp 我', courseFeatures: '筆記：abc.com/notes' },
      png(10),
    );
    expect(errors.bio).toBe(
      '為保障雙方，自我介紹不可包含通訊軟件帳號（如 WhatsApp、微信）或其他聯絡方法；配對確認或你接受預約後，雙方便會看到對方的電話。',
    );
    expect(errors.courseFeatures).toContain('網址連結');
    expect(validateApplication({ ...filled, bio: '教了10年，DSE 5**' }, png(10))).toEqual({});
  });

  it('shows while typing only what more typing cannot fix', () => {
    const typing = { ...emptyApplication, age: '1', teachingExperience: '-3', requiredFee: '0', bio: '電話 9123 4567' };
    expect(validateApplication(typing, null, 'typing')).toEqual({
      teachingExperience: '教學經驗須介乎 0 至 70 年',
      bio: expect.stringContaining('電話號碼'),
    });
    expect(validateApplication(typing, null, 'left')).toMatchObject({
      age: '年齡須介乎 15 至 90 歲',
      requiredFee: '每堂學費必須大於 0',
    });
  });

  it('refuses an avatar over 5 MB or of another type', () => {
    expect(validateApplication(filled, png(MAX_AVATAR_BYTES + 1))).toEqual({
      avatar: '頭像檔案超過大小上限（最大 5MB）',
    });
    const gif = new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' });
    expect(validateApplication(filled, gif)).toEqual({ avatar: '頭像只接受 JPEG、PNG 或 WebP 圖片' });
    const untyped = new File([new Uint8Array(10)], 'me.WEBP');
    expect(validateApplication(filled, untyped)).toEqual({});
  });

  it('sends the first chosen mode as teachingMode and every mode and district as lists', () => {
    const avatar = png(10);
    const body = toSubmitBody(
      {
        ...filled,
        name: ' 陳大文 ',
        subjects: ['中學 數學', '大學或以上 統計'],
        teachingModes: ['online', 'one-to-one'],
        teachingDistricts: ['觀塘區', '灣仔區'],
      },
      avatar,
    );
    expect(body).toMatchObject({
      name: '陳大文',
      subjects: ['中學 數學', '大學或以上 統計'],
      teachingMode: 'online',
      teachingModes: ['online', 'one-to-one'],
      teachingDistricts: ['觀塘區', '灣仔區'],
      avatar,
    });
  });

  it('shows the server’s single-mode message on the mode chips', () => {
    expect(applicationServerErrors({ teachingMode: '請選擇最少一個教學模式', subjects: '科目不正確' })).toEqual({
      teachingModes: '請選擇最少一個教學模式',
      subjects: '科目不正確',
    });
  });
});

describe('what a tutor fee is compared with', () => {
  it('is the first subject at its level, in the region of the tutor area', () => {
    expect(feeSample(catalogueFixture, '中學 數學', '藍田')).toEqual({
      level: 'secondary',
      subject: '數學',
      region: '九龍',
    });
    expect(feeSample(catalogueFixture, '中學 數學', '')).toEqual({ level: 'secondary', subject: '數學' });
    expect(feeSample(catalogueFixture, undefined, '藍田')).toEqual({});
  });
});
