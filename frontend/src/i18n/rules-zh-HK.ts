/**
 * The rules the server enforces on what people type, as the forms check them before sending:
 * each message word for word as the server sends it (crates/domain: shared::contact_details,
 * shared::real_text, the forms' parsers), so a field says the same before and after submitting;
 * and the words of Hong Kong posts the contact-detail rule reads (src/lib/contact-details.ts).
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

    /**
     * The words the contact-detail rule reads, as the server's lists (shared::contact_details):
     * numerals written in Chinese, units after a number, messenger names and the words around
     * them that offer a way to reach someone.
     */
    contactWords: {
      /** Each digit's Chinese numerals, everyday and formal. */
      numerals: ['零〇○', '一壹', '二貳', '三叁', '四肆', '五伍', '六陸', '七柒', '八捌', '九玖'],
      /** After a number: money, hours, minutes, marks, ages, dates, people, lessons, days, percent. */
      units: '元蚊時點分秒歲年月日號位堂週周天%字題頁次人個',
      /** Units written after a space too ("300 元"). */
      spacedUnits: '元蚊',
      /** Words before a reference number ("個案編號 20000"), an ordinary number unless it alone is a phone. */
      referenceLabels: ['編號'],
      /** Messenger names: `account` ones mean an account after a colon, `handle` ones when a handle follows. */
      messengers: {
        account: [
          'whatsapp',
          'whats app',
          "what's app",
          'whatapp',
          'watsapp',
          'wtsapp',
          'wechat',
          'we chat',
          'weixin',
          '微信',
          'telegram',
          '電報',
          'instagram',
          'skype',
          'kakao',
          'viber',
        ],
        handle: ['wts', 'wx', 'tg', 'ig', 'facebook', 'fb', 'messenger', 'qq'],
        plain: ['signal', 'line'],
      },
      /** Names of e-mail: an invitation makes them an address offered. */
      mail: ['email', 'e-mail', '電郵', 'gmail', 'hotmail'],
      invitesAfter: ['我', 'me', '聯絡', '聯繫', '查詢', '傾', '溝通', '搵', '找', 'contact', '報名', '洽'],
      accountMarkers: ['id', '號', '帳號', '账号', '號碼', 'no.', 'number', '#', '@'],
      invitesBefore: [
        '加我',
        '請加',
        '請用',
        'add me on',
        'add me',
        'add',
        'please',
        'pls',
        'plz',
        '搵我',
        '找我',
        '聯絡我',
        '聯繫我',
        '私訊',
        'inbox',
        'pm',
        'dm',
      ],
    },
  } as const,
  'rulesEn',
);
