import { createBrowserRouter, type RouteObject } from 'react-router';
import { AllCasesPage } from '@/features/cases/routes/AllCasesPage';
import { PrivacyPage } from '@/features/legal/routes/PrivacyPage';
import { TermsPage } from '@/features/legal/routes/TermsPage';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/AppLayout';
import { HomePage } from './routes/HomePage';
import { NotFoundPage } from './routes/NotFoundPage';

/** The route table (spec §2); /login-or-register and the logged-in routes come with later issues. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.allCases, element: <AllCasesPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
