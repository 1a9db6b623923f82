import { describe, expect, it } from 'vitest';
import { spaced } from './spacing';
import { t } from './zh-HK';

describe('spaced: names in zh-HK sentences', () => {
  it('puts a space where Chinese meets a Latin name, as "WhatsApp Ivan" has', () => {
    const name = 'Ivan';
    expect(spaced`選擇${name}？`).toBe('選擇 Ivan？');
    expect(spaced`查看${name}的詳情`).toBe('查看 Ivan 的詳情');
    expect(spaced`${name}的頭像`).toBe('Ivan 的頭像');
  });

  it('leaves a Chinese name, full-width punctuation and the sentence itself as written', () => {
    const name = '黃老師';
    expect(spaced`選擇${name}？`).toBe('選擇黃老師？');
    expect(spaced`你好，${'Ivan'}`).toBe('你好，Ivan');
    expect(spaced`共 ${3} 位`).toBe('共 3 位');
    expect(spaced`舉報${'陳**'}的評價`).toBe('舉報陳**的評價');
  });

  it('spaces digits like letters, and a name that is half one and half the other at each end', () => {
    expect(spaced`邀請${'Ivan 陳'}申請`).toBe('邀請 Ivan 陳申請');
    expect(spaced`致電${'Tutor2'}`).toBe('致電 Tutor2');
  });

  it('is what the catalogue uses for names', () => {
    expect(t.cases.myCases.confirmTitle('Ivan')).toBe('選擇 Ivan？');
    expect(t.common.contact.call('Ivan')).toBe('致電 Ivan');
    expect(t.common.contact.whatsapp('Ivan')).toBe('WhatsApp Ivan');
    expect(t.tutors.card.avatarLabel('黃老師')).toBe('黃老師的頭像');
  });
});
