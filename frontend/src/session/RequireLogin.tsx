import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoginPath } from './next-path';
import { useSession } from './session';

/**
 * The route guard of spec §2/§6: without a stored access token, go to /login-or-register, and come
 * back here after logging in.
 * Wrap a route's element: `{ path: paths.postCase, element: <RequireLogin><PostCasePage /></RequireLogin> }`.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const login = useLoginPath();
  if (!isLoggedIn) {
    return <Navigate to={login} replace />;
  }
  return children;
}
