/**
 * The contact-detail and real-text vectors shared with the server
 * (crates/domain/tests/vectors/contact-details.json; crates/domain/tests/contact_details.rs
 * checks the domain's rules against the same file), checked against the frontend's mirrors: a
 * rule changed on one side only fails one of the two tests.
 */
import { describe, expect, it } from 'vitest';
import vectors from '../../../crates/domain/tests/vectors/contact-details.json';
import { rulesZhHK } from '@/i18n/rules-zh-HK';
import { contactProblem, findContactDetail } from './contact-details';
import { realTextProblem, realTextRule } from './real-text';

interface Vectors {
  refused: { input: string; kind: string; note?: string }[];
  accepted: { input: string; note?: string }[];
  realText: { input: string; minChars: number; rule: string | null }[];
}

const rules: Vectors = vectors;

/** A vector's name in the test list: line breaks spelled out. */
const shown = (input: string) => JSON.stringify(input);

describe('the contact-detail vectors shared with the server', () => {
  it('has vectors of every kind', () => {
    expect(new Set(rules.refused.map((v) => v.kind))).toEqual(new Set(['phone', 'email', 'messenger', 'link']));
    expect(rules.accepted.length).toBeGreaterThan(0);
    expect(rules.realText.length).toBeGreaterThan(0);
  });

  describe('refused, for what it carries', () => {
    it.each(rules.refused.map((v) => [shown(v.input), v] as const))('%s', (_, v) => {
      expect(findContactDetail(v.input)).toBe(v.kind);
    });
  });

  describe('accepted', () => {
    it.each(rules.accepted.map((v) => [shown(v.input), v] as const))('%s', (_, v) => {
      expect(findContactDetail(v.input)).toBeUndefined();
    });
  });

  describe('real text', () => {
    it.each(rules.realText.map((v) => [`${shown(v.input)} (${v.minChars})`, v] as const))('%s', (_, v) => {
      expect(realTextRule(v.input, v.minChars) ?? null).toBe(v.rule);
    });
  });
});

describe('the messages, as the server words them', () => {
  it('names what was found and where contacts are exchanged', () => {
    expect(contactProblem('whatsapp 我 9123 4567', '個案描述', 'case')).toBe(
      '為保障雙方，個案描述不可包含電話號碼或其他聯絡方法；導師確認配對後，雙方會在「我的個案」及「我的申請」看到對方的電話。',
    );
    expect(contactProblem('加我微信', '留言', 'booking')).toBe(
      '為保障雙方，留言不可包含通訊軟件帳號（如 WhatsApp、微信）或其他聯絡方法；導師接受預約後，雙方會在「我的預約」看到對方的電話。',
    );
    expect(contactProblem('中三數學補習', '標題', 'case')).toBeUndefined();
  });

  it('says which rule a text that says nothing broke', () => {
    expect(realTextProblem('x', '標題', 4)).toBe('標題最少要有 4 個字');
    expect(realTextProblem('1234', '標題', 4)).toBe(rulesZhHK.noWords('標題'));
    expect(realTextProblem('xxxx', '標題', 4)).toBe('標題不可只重複同一個字');
    expect(realTextProblem('中三數學', '標題', 4)).toBeUndefined();
  });
});
