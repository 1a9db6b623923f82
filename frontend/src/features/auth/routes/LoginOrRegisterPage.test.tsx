import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '@/api/token-store';
import { server } from '@/testing/server';
import { makeCurrentUser } from '@/testing/session';
import { renderRoute } from '@/testing/render';

describe('/login-or-register, login tab', () => {
  it('requires phone and password before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('*/users/login', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    renderRoute('/login-or-register');
    await userEvent.click(await screen.findByRole('button', { name: '登入' }));
    expect(await screen.findByText('請輸入電話號碼')).toBeInTheDocument();
    expect(screen.getByText('請輸入密碼')).toBeInTheDocument();
    expect(calls).toBe(0);
    await waitFor(() => expect(screen.getByLabelText(/電話號碼/)).toHaveFocus());
  });

  it('shows the first server error message and keeps what was typed', async () => {
    server.use(
      http.post('*/users/login', () =>
        HttpResponse.json(
          {
            code: 'LOGIN_FAILED',
            error: 'x',
            errors: [{ field: 'password', message: '電話號碼或密碼不正確，請重新輸入' }],
          },
          { status: 401 },
        ),
      ),
    );
    renderRoute('/login-or-register');
    await userEvent.type(await screen.findByLabelText(/電話號碼/), '61234567');
    await userEvent.type(screen.getByLabelText(/^密碼/), 'wrong1234');
    await userEvent.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('電話號碼或密碼不正確，請重新輸入');
    expect(screen.getByLabelText(/電話號碼/)).toHaveValue('61234567');
    expect(tokenStore.getAuthToken()).toBeNull();
  });

  it('falls back to the default message when the server sends none', async () => {
    server.use(http.post('*/users/login', () => new HttpResponse('bad gateway', { status: 502 })));
    renderRoute('/login-or-register');
    await userEvent.type(await screen.findByLabelText(/電話號碼/), '61234567');
    await userEvent.type(screen.getByLabelText(/^密碼/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('登入失敗，請檢查電話號碼或密碼。');
  });

  it('stores both tokens, fetches the user and goes home, where the account menu shows', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/users/login', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ token: 'access-1', refreshToken: 'refresh-1' });
      }),
      http.get('*/self-users/me', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access-1'
          ? HttpResponse.json(makeCurrentUser())
          : HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    const { router } = renderRoute('/login-or-register');
    await userEvent.type(await screen.findByLabelText(/電話號碼/), ' 61234567 ');
    await userEvent.type(screen.getByLabelText(/^密碼/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([{ identifier: '61234567', password: 'demo1234' }]);
    expect(localStorage.getItem('authToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(await screen.findByRole('button', { name: '帳戶設定' })).toBeInTheDocument();
  });
});

describe('/login-or-register, coming back', () => {
  function serveLogin() {
    server.use(
      http.post('*/users/login', () => HttpResponse.json({ token: 'access-1', refreshToken: 'refresh-1' })),
      http.get('*/self-users/me', () => HttpResponse.json(makeCurrentUser())),
      http.get('*/cases/mine', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
    );
  }

  async function logIn() {
    await userEvent.type(await screen.findByLabelText(/電話號碼/), '61234567');
    await userEvent.type(screen.getByLabelText(/^密碼/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: '登入' }));
  }

  it('a page behind the login guard is where login leads back to', async () => {
    serveLogin();
    const { router } = renderRoute('/my-cases');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'));
    expect(router.state.location.search).toBe('?next=%2Fmy-cases');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cases'));
  });

  it('keeps the page to come back to through the register tab', async () => {
    const { router } = renderRoute('/login-or-register?next=%2Ftutor%2F7');
    await userEvent.click(await screen.findByRole('tab', { name: '註冊' }));
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Ftutor%2F7&tab=register'));
    await userEvent.click(screen.getByRole('tab', { name: '登入' }));
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Ftutor%2F7'));
  });

  it('opens the register tab at step 2 for a phone verified in this tab, and forgets it on switching tabs', async () => {
    sessionStorage.setItem(
      'tutorhub.pendingRegistration',
      JSON.stringify({ phone: '98765432', verificationToken: 'token-1', expiresAt: Date.now() + 60_000 }),
    );
    renderRoute('/login-or-register?next=%2Ftutor%2F7&tab=register');
    expect(await screen.findByText('第 2 步（共 2 步）')).toBeInTheDocument();
    expect(screen.getByText('已驗證的電話號碼：98765432')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '登入' }));
    await userEvent.click(screen.getByRole('tab', { name: '註冊' }));
    expect(await screen.findByText('第 1 步（共 2 步）')).toBeInTheDocument();
    expect(sessionStorage.getItem('tutorhub.pendingRegistration')).toBeNull();
  });

  it('goes home instead of to another site', async () => {
    serveLogin();
    const { router } = renderRoute('/login-or-register?next=%2F%2Fevil.example%2F');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
