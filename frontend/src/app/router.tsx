import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { languageOfPath, routerBasename } from '@/i18n/language';
import { AppLayout } from './layout/AppLayout';
import { RequireLogin } from '@/session/RequireLogin';
import { lazyPage } from './lazy-page';

// Every page, home included, loads on demand inside the layout's Suspense, so the top bar shows at
// once and the app's start carries no page; main.tsx loads the first page ahead (preloadPage), and
// the boot script has already asked for that page's chunks (prerender/pages.json,
// docs/adr/0076-public-pages-under-150-kib.md).
const HomePage = lazyPage<{ profileEdit?: boolean }>(async () => (await import('./routes/HomePage')).HomePage);
const NotFoundPage = lazyPage(async () => (await import('./routes/NotFoundPage')).NotFoundPage);
const AllCasesRoute = lazyPage(async () => (await import('./routes/AllCasesRoute')).AllCasesRoute);
const CaseRoute = lazyPage(async () => (await import('./routes/CaseRoute')).CaseRoute);
const TutorProfileRoute = lazyPage(async () => (await import('./routes/TutorProfileRoute')).TutorProfileRoute);
const TutorApplicationPage = lazyPage(
  async () => (await import('@/features/tutors/routes/TutorApplicationPage')).TutorApplicationPage,
);
const LoginOrRegisterPage = lazyPage(
  async () => (await import('@/features/auth/routes/LoginOrRegisterPage')).LoginOrRegisterPage,
);
const EditProfilePage = lazyPage(
  async () => (await import('@/features/profile/routes/EditProfilePage')).EditProfilePage,
);
const PostCasePage = lazyPage(async () => (await import('@/features/cases/routes/PostCasePage')).PostCasePage);
const MyCasesRoute = lazyPage(async () => (await import('./routes/MyCasesRoute')).MyCasesRoute);
const MyApplicationsPage = lazyPage(
  async () => (await import('@/features/matching/routes/MyApplicationsPage')).MyApplicationsPage,
);
const MyAlertsRoute = lazyPage(async () => (await import('./routes/MyAlertsRoute')).MyAlertsRoute);
const UnsubscribePage = lazyPage(
  async () => (await import('@/features/alerts/routes/UnsubscribePage')).UnsubscribePage,
);
const MyBookingsPage = lazyPage(async () => (await import('@/features/bookings/routes/MyBookingsPage')).MyBookingsPage);
const LessonRecordPage = lazyPage(
  async () => (await import('@/features/lessons/routes/LessonRecordPage')).LessonRecordPage,
);
const MyInvoicesPage = lazyPage(async () => (await import('@/features/billing/routes/MyInvoicesPage')).MyInvoicesPage);
const InvoicePage = lazyPage(async () => (await import('@/features/billing/routes/InvoicePage')).InvoicePage);
const ReceiptPage = lazyPage(async () => (await import('@/features/billing/routes/ReceiptPage')).ReceiptPage);
const ChangePasswordPage = lazyPage(
  async () => (await import('@/features/auth/routes/ChangePasswordPage')).ChangePasswordPage,
);
const ForgotPasswordPage = lazyPage(
  async () => (await import('@/features/auth/routes/ForgotPasswordPage')).ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  async () => (await import('@/features/auth/routes/ResetPasswordPage')).ResetPasswordPage,
);
const TermsPage = lazyPage(async () => (await import('@/features/legal/routes/TermsPage')).TermsPage);
const PrivacyPage = lazyPage(async () => (await import('@/features/legal/routes/PrivacyPage')).PrivacyPage);

/** A page only a logged-in user sees; RequireLogin sends anyone else to log in first. */
const loginRequired = (page: ReactNode) => <RequireLogin>{page}</RequireLogin>;

/**
 * The route table (spec §2). Every page loads on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.allCases, element: <AllCasesRoute /> },
      { path: paths.tutorProfile, element: <TutorProfileRoute /> },
      { path: paths.casePage, element: <CaseRoute /> },
      { path: paths.tutorApplication, element: <TutorApplicationPage /> },
      { path: paths.loginOrRegister, element: <LoginOrRegisterPage /> },
      { path: paths.profile, element: loginRequired(<HomePage profileEdit />) },
      { path: paths.editProfile, element: loginRequired(<EditProfilePage />) },
      // The case form shows its own login notice, then redirects (spec §4: after 2 s).
      { path: paths.postCase, element: <PostCasePage /> },
      { path: `${paths.postCase}/:caseId`, element: <PostCasePage /> },
      { path: paths.myCases, element: loginRequired(<MyCasesRoute />) },
      { path: paths.myApplications, element: loginRequired(<MyApplicationsPage />) },
      { path: paths.myBookings, element: loginRequired(<MyBookingsPage />) },
      { path: paths.arrangement, element: loginRequired(<LessonRecordPage />) },
      { path: paths.myInvoices, element: loginRequired(<MyInvoicesPage />) },
      { path: paths.invoice, element: loginRequired(<InvoicePage />) },
      { path: paths.receipt, element: loginRequired(<ReceiptPage />) },
      { path: paths.myAlerts, element: loginRequired(<MyAlertsRoute />) },
      { path: paths.unsubscribe, element: <UnsubscribePage /> },
      { path: paths.changePassword, element: loginRequired(<ChangePasswordPage />) },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's routes, inside App's `BrowserRouter` (English pages route below `/en`,
 * i18n/language.ts). A router of the declarative kind: the data router's code (loaders, actions,
 * fetchers) is half of react-router's size and the app uses none of it
 * (docs/adr/0076-public-pages-under-150-kib.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the page at `pathname` before the app's first render, so that the app takes
 * over the server's first screen with the page itself. A failure is left to the page's own load.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const element = matchRoutes(routes, pathname, routerBasename(languageOfPath(pathname)))?.at(-1)?.route.element;
  const page: unknown = isValidElement(element) ? element.type : undefined;
  if (typeof page === 'function' && 'preload' in page && typeof page.preload === 'function') {
    await Promise.resolve(page.preload()).catch(() => undefined);
  }
}
