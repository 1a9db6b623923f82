/** The accounts area's strings in English that the app's start needs: the account menu, the mode selector, names and the session. */
import type { accountsZhHK } from './accounts-zh-HK';
import type { Catalogue } from './catalogue-type';

export const accountsEn: Catalogue<typeof accountsZhHK> = {
  menu: {
    accountSettings: 'Account settings',
    editProfile: 'Edit profile',
    changePassword: 'Change password',
    logout: 'Log out',
    postCase: 'Post a case',
    modeLabel: 'Use tutorhub as',
    student: "I'm a parent / student",
    studentShort: 'Parent',
    tutor: "I'm a tutor",
    tutorShort: 'Tutor',
    studentMode: 'Find tutors and post cases',
    tutorMode: 'Apply for cases',
    becomeTutor: 'Become a tutor: send a tutor application, and once it is approved you can apply for cases',
    greeting: (name: string) => `Hi, ${name}`,
  },
  nameRules: {
    required: 'Enter a name',
    onlyLetters: 'A name can only have English letters or Chinese characters, with no numbers or symbols.',
    tooManyChinese: (max: number) => `At most ${max} Chinese characters.`,
    tooManyEnglish: (max: number) => `At most ${max} English letters.`,
    atLeastOne: 'A name needs at least one English letter or Chinese character.',
  },
  session: {
    loginRequired: 'Please log in first',
  },
};
