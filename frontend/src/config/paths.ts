/** The routes of the SPA (spec §2). */
export const paths = {
  home: '/',
  allCases: '/all-cases',
  loginOrRegister: '/login-or-register',
  terms: '/terms',
  privacy: '/privacy',
  tutorProfile: '/tutor/:id',
  tutorApplication: '/tutor-application',
} as const;
