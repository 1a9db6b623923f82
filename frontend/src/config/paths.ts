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
  myAlerts: '/my-alerts',
  unsubscribe: '/u/:token',
  terms: '/terms',
  privacy: '/privacy',
  tutorProfile: '/tutor/:id',
  casePage: '/case/:caseId',
  tutorApplication: '/tutor-application',
  profile: '/profile',
  arrangement: '/lesson-record/:id',
  myInvoices: '/my-invoices',
  invoice: '/my-invoices/:number',
  receipt: '/my-invoices/:number/receipt',
} as const;

/** The page of one case, as shared and linked from cards. */
export function casePath(caseId: number): string {
  return `/case/${caseId}`;
}

/** The lesson record of a confirmed match (its offer's id) or an accepted booking. */
export function arrangementPath(id: string): string {
  return `/lesson-record/${id}`;
}

/** A service fee invoice of the signed-in tutor (`INV-2026-000123`). */
export function invoicePath(number: string): string {
  return `/my-invoices/${encodeURIComponent(number)}`;
}

/** The receipt of an invoice paid in full. */
export function receiptPath(number: string): string {
  return `${invoicePath(number)}/receipt`;
}

/** The terms' section on the service fee (its id in legal-zh-HK.ts). */
export const termsFeesPath = '/terms#fees';

/** Home's search tabs as the URL names them (`/?tab=cases`); the first has no `tab`. */
export const homeTabs = { findTutors: 'tutors', recruitStudents: 'cases' } as const;
