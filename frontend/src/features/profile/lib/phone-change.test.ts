import { describe, expect, it } from 'vitest';
import { localPhone } from '@/lib/phone';
import { isPhoneChanged, profileFormErrors } from './phone-change';

const messages = { nameRequired: 'name?', phoneRequired: 'phone?', verifyFirst: 'verify first' };

describe('the profile phone change rules', () => {
  it('compares numbers the way they are typed in Hong Kong', () => {
    expect(localPhone('+852 9123-4567')).toBe('91234567');
    expect(localPhone('852 9123 4567')).toBe('91234567');
    expect(isPhoneChanged('9123 4567', '+85291234567')).toBe(false);
    expect(isPhoneChanged('62345678', '+85291234567')).toBe(true);
  });

  it('requires name and phone', () => {
    const errors = profileFormErrors({ name: ' ', phone: '', phoneChanged: false, phoneVerified: false }, messages);
    expect(errors).toEqual({ name: 'name?', phone: 'phone?' });
  });

  it("checks the name by the server's rules, with its limits", () => {
    const fields = { name: '陳大文', phone: '91234567', phoneChanged: false, phoneVerified: false };
    expect(profileFormErrors({ ...fields, name: '陳大文1' }, messages).name).toBe(
      '名稱只可包含英文字母或中文字，不可包含數字或符號。',
    );
    expect(profileFormErrors({ ...fields, name: '歐陽大大文文' }, messages)).toEqual({});
    expect(profileFormErrors({ ...fields, name: '歐陽大大文文文' }, messages).name).toBe('中文字最多 6 個。');
    expect(profileFormErrors({ ...fields, name: 'Alexandra Smith' }, messages).name).toBe('英文字母最多 12 個。');
  });

  it('holds back a changed phone until it is verified', () => {
    const fields = { name: '陳太', phone: '62345678', phoneChanged: true, phoneVerified: false };
    expect(profileFormErrors(fields, messages)).toEqual({ phone: 'verify first' });
    expect(profileFormErrors({ ...fields, phoneVerified: true }, messages)).toEqual({});
    expect(profileFormErrors({ ...fields, phoneChanged: false }, messages)).toEqual({});
  });
});
