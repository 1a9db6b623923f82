import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { loggedInAs } from '@/testing/session';
import { RequireLogin } from './RequireLogin';

function renderGuarded() {
  const { router } = renderRoutes(
    [
      {
        path: '/post-case',
        element: (
          <RequireLogin>
            <p>個案表格</p>
          </RequireLogin>
        ),
      },
      { path: '/login-or-register', element: <p>登入頁</p> },
    ],
    '/post-case',
  );
  return router;
}

describe('RequireLogin', () => {
  it('redirects to /login-or-register when no token is stored', async () => {
    const router = renderGuarded();
    expect(await screen.findByText('登入頁')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-or-register');
  });

  it('shows the page when a token is stored', async () => {
    loggedInAs();
    renderGuarded();
    expect(await screen.findByText('個案表格')).toBeInTheDocument();
  });
});
