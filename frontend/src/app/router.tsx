import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/AppLayout';
import { HomePage } from './routes/HomePage';
import { NotFoundPage } from './routes/NotFoundPage';
import { RequireLogin } from '@/session/RequireLogin';

// Loaded on demand inside the layout's Suspense, so the top bar shows at once.
const AllCasesPage = lazy(async () => ({
  default: (await import('@/features/cases/routes/AllCasesPage')).AllCasesPage,
}));
const CasePage = lazy(async () => ({ default: (await import('@/features/cases/routes/CasePage')).CasePage }));
const TutorProfileRoute = lazy(async () => ({
  default: (await import('./routes/TutorProfileRoute')).TutorProfileRoute,
}));
const TutorApplicationPage = lazy(async () => ({
  default: (await import('@/features/tutors/routes/TutorApplicationPage')).TutorApplicationPage,
}));
const LoginOrRegisterPage = lazy(async () => ({
  default: (await import('@/features/auth/routes/LoginOrRegisterPage')).LoginOrRegisterPage,
}));
const EditProfilePage = lazy(async () => ({
  default: (await import('@/features/profile/routes/EditProfilePage')).EditProfilePage,
}));
const PostCasePage = lazy(async () => ({
  default: (await import('@/features/cases/routes/PostCasePage')).PostCasePage,
}));
const MyCasesPage = lazy(async () => ({ default: (await import('@/features/cases/routes/MyCasesPage')).MyCasesPage }));
const MyApplicationsPage = lazy(async () => ({
  default: (await import('@/features/cases/routes/MyApplicationsPage')).MyApplicationsPage,
}));
const MyAlertsPage = lazy(async () => ({
  default: (await import('@/features/cases/routes/MyAlertsPage')).MyAlertsPage,
}));
const UnsubscribePage = lazy(async () => ({
  default: (await import('@/features/cases/routes/UnsubscribePage')).UnsubscribePage,
}));
const MyBookingsPage = lazy(async () => ({
  default: (await import('@/features/bookings/routes/MyBookingsPage')).MyBookingsPage,
}));
const ChangePasswordPage = lazy(async () => ({
  default: (await import('@/features/auth/routes/ChangePasswordPage')).ChangePasswordPage,
}));
const ForgotPasswordPage = lazy(async () => ({
  default: (await import('@/features/auth/routes/ForgotPasswordPage')).ForgotPasswordPage,
}));
const ResetPasswordPage = lazy(async () => ({
  default: (await import('@/features/auth/routes/ResetPasswordPage')).ResetPasswordPage,
}));
const TermsPage = lazy(async () => ({ default: (await import('@/features/legal/routes/TermsPage')).TermsPage }));
const PrivacyPage = lazy(async () => ({ default: (await import('@/features/legal/routes/PrivacyPage')).PrivacyPage }));

/** A page only a logged-in user sees; RequireLogin sends anyone else to log in first. */
const loginRequired = (page: ReactNode) => <RequireLogin>{page}</RequireLogin>;

/**
 * The route table (spec §2). Home is in the entry chunk (it is the landing page); the others load on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.allCases, element: <AllCasesPage /> },
      { path: paths.tutorProfile, element: <TutorProfileRoute /> },
      { path: paths.casePage, element: <CasePage /> },
      { path: paths.tutorApplication, element: <TutorApplicationPage /> },
      { path: paths.loginOrRegister, element: <LoginOrRegisterPage /> },
      { path: paths.profile, element: loginRequired(<HomePage profileEdit />) },
      { path: paths.editProfile, element: loginRequired(<EditProfilePage />) },
      // The case form shows its own login notice, then redirects (spec §4: after 2 s).
      { path: paths.postCase, element: <PostCasePage /> },
      { path: `${paths.postCase}/:caseId`, element: <PostCasePage /> },
      { path: paths.myCases, element: loginRequired(<MyCasesPage />) },
      { path: paths.myApplications, element: loginRequired(<MyApplicationsPage />) },
      { path: paths.myBookings, element: loginRequired(<MyBookingsPage />) },
      { path: paths.myAlerts, element: loginRequired(<MyAlertsPage />) },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
