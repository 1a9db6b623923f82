/**
 * Month names in English, as British English writes them (CLDR's en-GB, which Intl wrote before
 * format.ts: "Sept"): short for the date select's list and dates, long for a month and the legal
 * pages' dates. A caller shows a number outside 1-12 as itself.
 */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

export const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
