import { describe, expect, it } from 'vitest';
import { checkReview, replyProblem } from './review-rules';

describe('the review rules', () => {
  it('needs stars and words that say something, in the server words', () => {
    expect(checkReview(0, '  ')).toEqual({ rating: '請選擇評分', text: '請填寫評價內容' });
    expect(checkReview(5, '好')).toEqual({ text: '評價內容最少要有 10 個字' });
    expect(checkReview(5, '好好好好好好好好好好')).toEqual({ text: '評價內容不可只重複同一個字' });
    expect(checkReview(5, '好'.repeat(501))).toEqual({ text: '評價內容不可多於 500 個字' });
    expect(checkReview(5, '講解清楚，女兒數學進步了')).toEqual({});
  });

  it('keeps contact details out, and waits for the words to be finished before saying they are too few', () => {
    expect(checkReview(5, '有問題可以 WhatsApp 佢 6123 4567', 'typing').text).toContain('評價內容不可包含電話號碼');
    expect(checkReview(0, '好', 'typing')).toEqual({});
    expect(checkReview(0, '好', 'left')).toEqual({ text: '評價內容最少要有 10 個字' });
  });

  it('lets a short reply through but not a way to reach the tutor', () => {
    expect(replyProblem('多謝支持！')).toBeUndefined();
    expect(replyProblem('多謝，可加我微信再傾')).toContain('回覆不可包含通訊軟件帳號');
  });
});
