/**
 * Every visible string of the interface (texts, aria-labels, titles, placeholders), in
 * Hong Kong written Chinese, as `t` (zh-HK.ts) holds them on a zh-HK page: a chunk of its own,
 * which an English page does not load (load.ts). Words follow shared/design/catalogue-zh-HK.md.
 * The app shell's and shared strings are here; each business area's are in <area>-zh-HK.ts
 * beside this file (legal-zh-HK.ts holds the legal pages' long text), each with its English
 * twin (<area>-en.ts, typed alike). The areas the public pages use are part of `t`; the others
 * (alerts, logging in and registering, billing, bookings, lessons, profile, reviews, the forms'
 * rules) are imported by the code that shows them, so that the pages that do not show them do not
 * carry them, in either language (overwrite.ts).
 */
import { accountsZhHK } from './accounts-zh-HK';
import { casesZhHK } from './cases-zh-HK';
import { pwaZhHK } from './pwa-zh-HK';
import { spaced } from './spacing';
import { tutorsZhHK } from './tutors-zh-HK';

export const zhHK = {
  brand: {
    name: 'tutorhub',
    tagline: '香港補習配對平台',
  },
  pwa: pwaZhHK,
  pageTitle: (page?: string) => (page ? `${page}｜tutorhub 補習配對平台` : 'tutorhub｜香港補習配對平台'),

  nav: {
    mainLabel: '主要導覽',
    homeLabel: 'tutorhub 香港補習配對平台 主頁',
    allCases: '所有補習個案',
    loginOrRegister: '登入／註冊',
    myCases: '我的個案',
    myApplications: '我的申請',
    myBookings: '我的預約',
    myAlerts: '個案通知',
    myInvoices: '我的發票',
    /** The link to the other language: in that language, as the reader of it looks for it. */
    languageSwitch: {
      text: 'EN',
      /** Begins with the text shown, so that a voice command naming it finds it. */
      label: 'EN: read this page in English',
    },
  },

  footer: {
    label: '網站資訊',
    copyright: '© 2025 tutorhub。版權所有。',
    terms: '服務條款',
    privacy: '私隱政策',
    blurb: '連繫家長、學生與導師的香港補習配對平台。',
  },

  dateSelect: {
    year: '年',
    month: '月',
    day: '日',
    yearValue: (year: number) => `${year}年`,
    monthValue: (month: number) => `${month}月`,
    dayValue: (day: number) => `${day}日`,
  },

  /** Dates as pages show them, in Hong Kong time (format.ts works out the numbers). */
  dates: {
    date: (year: number, month: number, day: number) => `${year}年${month}月${day}日`,
    month: (year: number, month: number) => `${year}年${month}月`,
    dateTime: (date: string, time: string) => `${date} ${time}`,
  },

  /** Beside a fee field: fees per hour of comparable cases (the case form, the tutor application). */
  feeGuide: {
    range: (low: string, high: string, median: string) =>
      `同類個案每小時學費：中間一半介乎 ${low} 至 ${high}，中位數為 ${median}`,
    basis: (count: number, scope: string) => `根據 ${count} 個${scope}的已審批個案，以每小時計算。`,
    scope_: {
      subject: '相同科目',
      'level-region': '同一區域、相同教育程度',
      level: '相同教育程度',
    } as Record<string, string>,
    rough: '同類個案較少，只供參考。',
    none: '暫時未有同類個案可作參考。',
    position: {
      parent: {
        below: '低於大部分同類個案，申請的導師可能較少。',
        within: '與大部分同類個案相若。',
        above: '高於大部分同類個案。',
      },
      tutor: {
        below: '低於大部分同類個案。',
        within: '與大部分同類個案相若。',
        above: '高於大部分同類個案，家長未必揀選。',
      },
    },
    lessonOfAnHour: '比較時假設每堂為一小時。',
  },

  /** The avatar picker shared by the tutor application and the profile screen. */
  avatarPicker: {
    choose: '上載頭像',
    change: '更換頭像',
    previewAlt: '頭像預覽',
    currentAlt: '目前的頭像',
    chosen: (name: string, size: string) => `已選擇：${name}（${size}）`,
    tooLarge: '頭像檔案超過大小上限（最大 5MB）',
    wrongType: '頭像只接受 JPEG、PNG 或 WebP 圖片',
  },

  common: {
    /** "標籤：" before a value. */
    labeled: (label: string) => `${label}：`,
    /** Short facts on one line: "中三 數學・藍田・HK$300". */
    factsLine: (parts: readonly string[]) => parts.join('・'),
    noLimit: '不限',
    notFilled: '未填寫',
    loading: '載入中…',
    loginToApply: '登入後申請',
    loadFailed: '未能載入資料，請稍後再試。',
    catalogueFailed: '未能載入篩選選項，請稍後再試。',
    /** Beside the server's message when an overdue service fee stops an application or a confirmation. */
    payOverdue: '前往「我的發票」繳付服務費',
    contact: {
      line: (name: string, phone: string) => `${name}：${phone}`,
      call: (name: string) => spaced`致電${name}`,
      whatsapp: (name: string) => `WhatsApp ${name}`,
    },
  },

  home: {
    eyebrow: '香港補習配對平台',
    headline: '連繫家長、學生與導師的最佳平台',
    subheadline: '免費瀏覽全港補習個案，按教育程度、科目及地區找出合適的學生。',
    searchPanelLabel: '搜尋',
    searchTabsLabel: '搜尋類別',
    tabs: {
      findTutors: '搵導師',
      recruitStudents: '招學生',
    },
    latestCases: '最新補習個案',
    postCaseFree: '免費刊登補習個案',
    latestCasesHint: '剛剛刊登、正在招募導師的個案',
    moreCases: '更多個案',
  },

  filters: {
    heading: '篩選條件',
    headingWithCount: (count: number) => `篩選條件（${count}）`,
    level: '教育程度',
    grade: '年級',
    grades: '年級',
    subject: '科目',
    subjects: '科目',
    subjectFreeText: '科目',
    subjectFreeTextPlaceholder: '輸入科目，例如：會計學',
    chooseLevelFirst: '請先選擇教育程度',
    region: '區域',
    area: '地點',
    districts: '地區',
    chooseRegionFirst: '請先選擇區域',
    minRate: '最低每堂學費',
    minRatePlaceholder: '例如：200',
    currencyPrefix: 'HK$',
    minRateInvalid: '請輸入數字，例如 200',
    maxRate: '最高每堂學費',
    maxRatePlaceholder: '例如：500',
    feeRangeInvalid: '最高學費不可低於最低學費',
    sort: '排序',
    sorts: {
      best: '最相關',
      newest: '最新',
      feeLow: '學費由低至高',
      feeHigh: '學費由高至低',
      rating: '評分最高',
    },
    widen: {
      heading: '放寬一個條件再找',
      drop: (label: string, found: string) => `取消「${label}」・${found}`,
    },
    multiSelected: (count: number) => `已選 ${count} 項`,
    listSeparator: '、',
    minRateWords: (rate: string) => `每堂 HK$${rate} 起`,
    maxRateWords: (rate: string) => `每堂 HK$${rate} 或以下`,
    feeRangeWords: (min: string, max: string) => `每堂 HK$${min} 至 HK$${max}`,
    search: '搜尋',
    reset: '清除篩選',
    keywords: '關鍵字',
    keywordsPlaceholder: '例如：DSE 數學、IB Physics、大埔 英文',
    keywordsHint: (max: number) => `可輸入中文或英文，最多 ${max} 個字`,
    clearKeywords: '清除關鍵字',
  },

  pagination: {
    label: '分頁',
    previous: '上一頁',
    next: '下一頁',
    page: (page: number) => `第 ${page} 頁`,
    pageOf: (page: number, pages: number) => `第 ${page} 頁，共 ${pages} 頁`,
  },

  notFound: {
    title: '找不到此頁',
    code: '404',
    body: '你要找的頁面不存在，或者已經移除。請檢查網址，或返回主頁繼續瀏覽。',
    backHome: '返回主頁',
    browseCases: '瀏覽所有補習個案',
  },

  // One catalogue per business area, beside this file.
  accounts: accountsZhHK,
  cases: casesZhHK,
  tutors: tutorsZhHK,

  legal: {
    contents: '目錄',
    contactPhone: '電話',
    contactEmail: '電郵',
  },
} as const;
