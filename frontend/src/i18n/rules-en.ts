/**
 * The rules the server enforces on what people type, in English: each message as the server
 * words it in English (crates/http/src/words/problems.rs), so a field says the same before and
 * after submitting. The words the contact-detail rule reads are data, the same whatever the
 * page's language (a post in English may still write its phone in Chinese numerals):
 * contact-words.ts.
 */
import type { Catalogue } from './catalogue-type';
import { grouped } from './format';
import type { ContactExchange, ContactKind, rulesZhHK } from './rules-zh-HK';
import { inSentence, sentenceStart } from './sentence-en';

const contactKinds: Record<ContactKind, string> = {
  phone: 'a phone number',
  email: 'an email address',
  messenger: 'a messenger account (such as WhatsApp or WeChat)',
  link: 'a link',
};

const whereContactsAre: Record<ContactExchange, string> = {
  case: "Once the tutor confirms the match, both sides see each other's phone in My cases and My applications.",
  tutor: "Once a match is confirmed or you accept a booking, both sides see each other's phone.",
  review: 'Reviews are public; to contact the other side, find their phone in My cases or My bookings.',
  booking: "Once the tutor accepts the booking, both sides see each other's phone in My bookings.",
};

export const rulesEn: Catalogue<typeof rulesZhHK> = {
  contactRefused: (label: string, kind: ContactKind, exchange: ContactExchange) =>
    `To protect both sides, the ${inSentence(label)} cannot contain ${contactKinds[kind]} or any other way to get in touch. ${whereContactsAre[exchange]}`,
  tooShort: (label: string, min: number) =>
    `The ${inSentence(label)} needs at least ${min} ${min === 1 ? 'character' : 'characters'}.`,
  noWords: (label: string) => `The ${inSentence(label)} needs words, not only numbers or symbols.`,
  repeated: (label: string) => `The ${inSentence(label)} cannot be one character repeated.`,
  tooLong: (label: string, max: number) => `${sentenceStart(label)} can be at most ${max} characters.`,
  inRange: (label: string, min: number, max: number, unit: string) =>
    `${sentenceStart(label)} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}.`,
  feeNotPositive: 'The fee per lesson must be more than 0.',
  feeTooHigh: (max: number) => `The fee per lesson cannot be more than HK$${grouped(max)}.`,
  feeDecimals: 'The fee per lesson can have at most two decimal places.',
  startDatePast: 'The start date cannot be earlier than today.',
  experienceOverAge: 'Years of teaching experience cannot be more than your age.',
  units: {
    minutes: 'minutes',
    lessons: 'lessons',
    years: 'years',
    age: 'years old',
  },
};
