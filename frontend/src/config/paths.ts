/** The routes of the SPA (spec §2). */
export const paths = {
  home: '/',
  allCases: '/all-cases',
  loginOrRegister: '/login-or-register',
  postCase: '/post-case',
  editProfile: '/edit-profile',
  changePassword: '/change-password',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  myCases: '/my-cases',
  myApplications: '/my-applications',
  myBookings: '/my-bookings',
  terms: '/terms',
  privacy: '/privacy',
  tutorProfile: '/tutor/:id',
  tutorApplication: '/tutor-application',
  profile: '/profile',
} as const;
