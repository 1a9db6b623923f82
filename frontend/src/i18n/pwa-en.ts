/**
 * The installed app's words in English: its name on the home screen, the offline page and the
 * update notice. Imports only types, because the build (pwa/plugin.ts) may read it too.
 */
import type { Catalogue } from './catalogue-type';
import type { pwaZhHK } from './pwa-zh-HK';

export const pwaEn: Catalogue<typeof pwaZhHK> = {
  appName: 'tutorhub Hong Kong tutoring',
  shortName: 'tutorhub',
  description:
    'The Hong Kong tutor matching platform for parents, students and tutors: post tutoring cases, and search for tutors and cases by subject, district and fee.',
  offline: {
    title: "You're offline | tutorhub",
    heading: "You're offline",
    body: "Can't connect to tutorhub. Check your phone's mobile data or Wi-Fi, then try again.",
    retry: 'Try again',
  },
  updated: {
    message: 'tutorhub has been updated. Reload to use the new version.',
    reload: 'Reload',
    dismiss: 'Later',
  },
};
