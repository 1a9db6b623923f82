/**
 * The words the contact-detail rule reads (src/lib/contact-details.ts), as the server's lists
 * (shared::contact_details): numerals written in Chinese, units after a number, messenger names
 * and the words around them that offer a way to reach someone. Data, not shown: recognised in
 * what people type whatever the interface's language, so both languages' rules carry this very
 * object. A module of its own: the rule reads it without the messages, and the English rules
 * carry it without importing the zh-HK ones.
 */
export const contactWords = {
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
} as const;
