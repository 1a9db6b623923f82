/**
 * Every visible string of the interface in English (Hong Kong English, British spelling), with
 * the same keys as zh-HK.ts. The app shell's and shared strings are here; each business area's
 * are in <area>-en.ts beside this file.
 */
import { accountsEn } from './accounts-en';
import { casesEn } from './cases-en';
import type { Catalogue } from './catalogue-type';
import { LONG_MONTHS, MONTHS } from './months-en';
import { pwaEn } from './pwa-en';
import { tutorsEn } from './tutors-en';
import type { zhHK } from './zh-HK-words';

export const en: Catalogue<typeof zhHK> = {
  brand: {
    name: 'tutorhub',
    tagline: 'Tutor matching in Hong Kong',
  },
  pwa: pwaEn,
  pageTitle: (page?: string) => (page ? `${page} | tutorhub` : 'tutorhub | Tutor matching in Hong Kong'),

  nav: {
    mainLabel: 'Main navigation',
    homeLabel: 'tutorhub, tutor matching in Hong Kong: home page',
    allCases: 'All cases',
    loginOrRegister: 'Log in / Sign up',
    myCases: 'My cases',
    myApplications: 'My applications',
    myBookings: 'My bookings',
    myAlerts: 'Case alerts',
    myInvoices: 'My invoices',
    /** The link back to Chinese: in Chinese, as its reader looks for it. */
    languageSwitch: {
      text: '中文',
      label: '中文：以中文瀏覽此頁',
    },
  },

  footer: {
    label: 'Site information',
    copyright: '© 2025 tutorhub. All rights reserved.',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    blurb: 'The Hong Kong tutor matching platform that brings parents, students and tutors together.',
  },

  dateSelect: {
    year: 'Year',
    month: 'Month',
    day: 'Day',
    yearValue: (year: number) => `${year}`,
    monthValue: (month: number) => `${MONTHS[month - 1] ?? month}`,
    dayValue: (day: number) => `${day}`,
  },

  dates: {
    date: (year: number, month: number, day: number) => `${day} ${MONTHS[month - 1] ?? month} ${year}`,
    month: (year: number, month: number) => `${LONG_MONTHS[month - 1] ?? month} ${year}`,
    dateTime: (date: string, time: string) => `${date}, ${time}`,
  },

  feeGuide: {
    range: (low: string, high: string, median: string) =>
      `Similar cases: the middle half pay ${low} to ${high} per hour, median ${median}`,
    basis: (count: number, scope: string) =>
      `Based on ${count} approved ${count === 1 ? 'case' : 'cases'} ${scope}, worked out per hour.`,
    scope_: {
      subject: 'for the same subject',
      'level-region': 'at the same level in the same region',
      level: 'at the same level',
    } as Record<string, string>,
    rough: 'There are few similar cases, so take this as a rough guide.',
    none: 'No similar cases to compare with yet.',
    position: {
      parent: {
        below: 'Lower than most similar cases: fewer tutors may apply.',
        within: 'In line with most similar cases.',
        above: 'Higher than most similar cases.',
      },
      tutor: {
        below: 'Lower than most similar cases.',
        within: 'In line with most similar cases.',
        above: 'Higher than most similar cases: parents may be less likely to choose you.',
      },
    },
    lessonOfAnHour: 'This comparison assumes each lesson is one hour.',
  },

  avatarPicker: {
    choose: 'Upload profile photo',
    change: 'Change profile photo',
    previewAlt: 'Profile photo preview',
    currentAlt: 'Current profile photo',
    chosen: (name: string, size: string) => `Chosen: ${name} (${size})`,
    tooLarge: 'The profile photo is too large (5 MB at most)',
    wrongType: 'A profile photo must be a JPEG, PNG or WebP image',
  },

  common: {
    labeled: (label: string) => `${label}: `,
    factsLine: (parts: readonly string[]) => parts.join(' · '),
    noLimit: 'Any',
    notFilled: 'Not given',
    loading: 'Loading…',
    loginToApply: 'Log in to apply',
    loadFailed: "Couldn't load the details. Please try again later.",
    catalogueFailed: "Couldn't load the filter options. Please try again later.",
    payOverdue: 'Go to My invoices to pay the service fee',
    contact: {
      line: (name: string, phone: string) => `${name}: ${phone}`,
      call: (name: string) => `Call ${name}`,
      whatsapp: (name: string) => `WhatsApp ${name}`,
    },
  },

  home: {
    eyebrow: 'Tutor matching in Hong Kong',
    headline: 'The best place for parents, students and tutors to find each other',
    subheadline:
      'Browse tutoring cases across Hong Kong for free, and find the right students by level, subject and district.',
    searchPanelLabel: 'Search',
    searchTabsLabel: 'What to search for',
    tabs: {
      findTutors: 'Find a tutor',
      recruitStudents: 'Find students',
    },
    latestCases: 'Latest tutoring cases',
    postCaseFree: 'Post a case for free',
    latestCasesHint: 'Just posted and looking for tutors',
    moreCases: 'More cases',
  },

  filters: {
    heading: 'Filters',
    headingWithCount: (count: number) => `Filters (${count})`,
    level: 'Level',
    grade: 'Grade',
    grades: 'Grades',
    subject: 'Subject',
    subjects: 'Subjects',
    subjectFreeText: 'Subject',
    subjectFreeTextPlaceholder: 'Type a subject, e.g. Accounting',
    chooseLevelFirst: 'Choose a level first',
    region: 'Region',
    area: 'Area',
    districts: 'Districts',
    chooseRegionFirst: 'Choose a region first',
    minRate: 'Lowest fee per lesson',
    minRatePlaceholder: 'e.g. 200',
    currencyPrefix: 'HK$',
    minRateInvalid: 'Enter a number, e.g. 200',
    maxRate: 'Highest fee per lesson',
    maxRatePlaceholder: 'e.g. 500',
    feeRangeInvalid: "The highest fee can't be lower than the lowest fee",
    sort: 'Sort by',
    sorts: {
      best: 'Most relevant',
      newest: 'Newest',
      feeLow: 'Fee: low to high',
      feeHigh: 'Fee: high to low',
      rating: 'Highest rated',
    },
    widen: {
      heading: 'Try dropping one filter',
      drop: (label: string, found: string) => `Without "${label}" · ${found}`,
    },
    multiSelected: (count: number) => `${count} selected`,
    listSeparator: ', ',
    minRateWords: (rate: string) => `From HK$${rate} per lesson`,
    maxRateWords: (rate: string) => `Up to HK$${rate} per lesson`,
    feeRangeWords: (min: string, max: string) => `HK$${min} to HK$${max} per lesson`,
    search: 'Search',
    reset: 'Clear filters',
    keywords: 'Keywords',
    keywordsPlaceholder: 'e.g. DSE maths, IB Physics, Tai Po English',
    keywordsHint: (max: number) => `In Chinese or English, up to ${max} characters`,
    clearKeywords: 'Clear keywords',
  },

  pagination: {
    label: 'Pages',
    previous: 'Previous',
    next: 'Next',
    page: (page: number) => `Page ${page}`,
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },

  notFound: {
    title: 'Page not found',
    code: '404',
    body: "The page you're looking for doesn't exist or has been removed. Check the address, or go back to the home page.",
    backHome: 'Back to home',
    browseCases: 'Browse all tutoring cases',
  },

  // One catalogue per business area, beside this file.
  accounts: accountsEn,
  cases: casesEn,
  tutors: tutorsEn,

  legal: {
    contents: 'Contents',
    contactPhone: 'Phone',
    contactEmail: 'Email',
  },
};
