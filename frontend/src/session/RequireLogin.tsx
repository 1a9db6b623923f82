import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from './session';

/**
 * The route guard of spec §2/§6: without a stored access token, go to /login-or-register.
 * Wrap a route's element: `{ path: paths.postCase, element: <RequireLogin><PostCasePage /></RequireLogin> }`.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) {
    return <Navigate to={paths.loginOrRegister} replace />;
  }
  return children;
}
