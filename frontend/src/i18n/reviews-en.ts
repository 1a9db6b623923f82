/** The reviews' strings in English: ratings on cards and profiles, the list, the form, replies and reports. */
import type { Catalogue } from './catalogue-type';
import type { reviewsZhHK } from './reviews-zh-HK';

export const reviewsEn: Catalogue<typeof reviewsZhHK> = {
  summary: {
    label: (average: string, count: number) =>
      `Rated ${average} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
    count: (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`,
    none: 'No reviews yet',
  },
  heading: 'Reviews from students and parents',
  intro:
    'Only students or parents matched with the tutor through a tutorhub case or an accepted booking, with lessons started at least 7 days ago, can review a tutor.',
  empty: 'No reviews yet.',
  loadFailed: "Couldn't load reviews. Please try again later.",
  listLabel: 'Reviews',
  stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'} out of 5`,
  byline: (name: string, date: string, lessons: number) =>
    lessons > 0
      ? `${name} · ${date} · reviewed after ${lessons} ${lessons === 1 ? 'lesson' : 'lessons'}`
      : `${name} · ${date}`,
  replyHeading: "Tutor's reply",
  eligibility: {
    already: "You've already reviewed this tutor. Thanks for sharing!",
  },
  form: {
    heading: 'Review this tutor',
    rating: 'Rating',
    ratingItem: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
    ratingRequired: 'Choose a rating',
    text: 'Review',
    textHint: (used: number, max: number, min: number) =>
      `E.g. teaching style, punctuality, progress; at least ${min} characters (${used}/${max})`,
    textRequired: 'Please write your review',
    submit: 'Post review',
    submitting: 'Posting…',
    failed: (reason: string) => `Couldn't post your review: ${reason}`,
    unknownReason: 'Please try again later',
    done: 'Your review is posted. Thanks for sharing!',
  },
  reply: {
    name: 'reply',
    label: 'Reply to this review',
    hint: (used: number, max: number) => `Replies are public, and you can reply only once (${used}/${max} characters)`,
    submit: 'Reply',
    submitting: 'Replying…',
    failed: "Couldn't send your reply. Please try again later.",
  },
  report: {
    open: 'Report',
    openLabel: (name: string) => `Report ${name}'s review`,
    title: 'Report this review',
    reason: 'Reason for reporting',
    hint: (max: number) => `E.g. untrue, a personal attack, or not about tutoring (up to ${max} characters)`,
    submit: 'Send report',
    cancel: 'Cancel',
    close: 'Close',
    done: "Thanks, we've received your report and will look into it soon.",
    failed: "Couldn't send the report. Please try again later.",
  },
  rateTutor: 'Review this tutor',
};
