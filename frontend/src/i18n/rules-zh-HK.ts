/**
 * The rules the server enforces on what people type, as the forms check them before sending:
 * each message word for word as the server sends it (crates/domain: shared::contact_details,
 * shared::real_text, the forms' parsers), so a field says the same before and after submitting.
 * The words of Hong Kong posts the contact-detail rule reads are data, in contact-words.ts.
 */
import { translatedLater } from './overwrite';

/** What kind of contact detail a text carries (the server's `ContactKind`). */
export type ContactKind = 'phone' | 'email' | 'messenger' | 'link';

/** Where the text is read, which says where the two sides do see each other's phone. */
export type ContactExchange = 'case' | 'tutor' | 'review' | 'booking';

const contactKinds: Record<ContactKind, string> = {
  phone: '電話號碼',
  email: '電郵地址',
  messenger: '通訊軟件帳號（如 WhatsApp、微信）',
  link: '網址連結',
};

const whereContactsAre: Record<ContactExchange, string> = {
  case: '導師確認配對後，雙方會在「我的個案」及「我的申請」看到對方的電話。',
  tutor: '配對確認或你接受預約後，雙方便會看到對方的電話。',
  review: '評價會公開顯示；如需聯絡對方，可在「我的個案」或「我的預約」查看電話。',
  booking: '導師接受預約後，雙方會在「我的預約」看到對方的電話。',
};

export const rulesZhHK = translatedLater(
  {
    contactRefused: (label: string, kind: ContactKind, exchange: ContactExchange) =>
      `為保障雙方，${label}不可包含${contactKinds[kind]}或其他聯絡方法；${whereContactsAre[exchange]}`,
    tooShort: (label: string, min: number) => `${label}最少要有 ${min} 個字`,
    noWords: (label: string) => `${label}要有文字，不可只有數字或符號`,
    repeated: (label: string) => `${label}不可只重複同一個字`,
    tooLong: (label: string, max: number) => `${label}不可多於 ${max} 個字`,
    inRange: (label: string, min: number, max: number, unit: string) => `${label}須介乎 ${min} 至 ${max} ${unit}`,
    feeNotPositive: '每堂學費必須大於 0',
    feeTooHigh: (max: number) => `每堂學費不可高於 HK$${max}`,
    feeDecimals: '每堂學費最多只可有兩個小數位',
    startDatePast: '開始日期不可早於今天',
    experienceOverAge: '教學經驗年數不可多於年齡',
    units: {
      minutes: '分鐘',
      lessons: '堂',
      years: '年',
      age: '歲',
    },
  } as const,
  async (): Promise<object> => (await import('./rules-en')).rulesEn,
);
