/**
 * The reviews' strings: ratings on cards and profiles, the list, the form, replies and reports.
 * Imported by the code that shows them rather than through zh-HK.ts's `t`, so that pages without
 * them do not carry them (docs/adr/0076-public-pages-under-150-kib.md).
 */
import { translatedLater } from './overwrite';
import { spaced } from './spacing';

export const reviewsZhHK = translatedLater(
  {
    summary: {
      label: (average: string, count: number) => `平均 ${average} 星，共 ${count} 則評價`,
      count: (count: number) => `${count} 則評價`,
      none: '未有評價',
    },
    heading: '學生及家長評價',
    intro: '只有經本平台配對個案或預約獲接受、開始上堂滿 7 日的學生或家長，才可評價導師。',
    empty: '暫時未有評價。',
    loadFailed: '未能載入評價，請稍後再試。',
    listLabel: '評價列表',
    stars: (n: number) => `${n} 星（滿分 5 星）`,
    byline: (name: string, date: string, lessons: number) =>
      lessons > 0 ? `${name}・${date}・上了 ${lessons} 堂後評價` : `${name}・${date}`,
    replyHeading: '導師回覆',
    eligibility: {
      already: '你已評價這位導師，多謝你的分享！',
    },
    form: {
      heading: '評價這位導師',
      rating: '評分',
      ratingItem: (n: number) => `${n} 星`,
      ratingRequired: '請選擇評分',
      text: '評價內容',
      textHint: (used: number, max: number, min: number) =>
        `例如教學方法、準時程度、進步情況；最少 ${min} 字（${used}/${max} 字）`,
      textRequired: '請填寫評價內容',
      submit: '提交評價',
      submitting: '提交中…',
      failed: (reason: string) => `提交評價失敗：${reason}`,
      unknownReason: '請稍後再試',
      done: '評價已刊登，多謝你的分享！',
    },
    reply: {
      /** As the server names it in its messages ("回覆不可多於 500 個字"). */
      name: '回覆',
      label: '回覆這則評價',
      hint: (used: number, max: number) => `回覆會公開顯示，只可回覆一次（${used}/${max} 字）`,
      submit: '回覆',
      submitting: '回覆中…',
      failed: '回覆失敗，請稍後再試。',
    },
    report: {
      open: '舉報',
      openLabel: (name: string) => spaced`舉報${name}的評價`,
      title: '舉報這則評價',
      reason: '舉報原因',
      hint: (max: number) => `例如內容不實、人身攻擊或與補習無關（最多 ${max} 字）`,
      submit: '提交舉報',
      cancel: '取消',
      close: '關閉',
      done: '已收到你的舉報，我們會盡快跟進。',
      failed: '舉報失敗，請稍後再試。',
    },
    rateTutor: '評價導師',
  },
  async (): Promise<object> => (await import('./reviews-en')).reviewsEn,
);
