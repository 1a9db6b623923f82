import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '@/api/token-store';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { setViewportWidth } from '@/testing/viewport';

/** The top bar: the page's first banner (legal pages have their own header below it). */
function banner() {
  return within(screen.getAllByRole('banner')[0]!);
}

describe('TopBar', () => {
  it('offers login/register when logged out, and no post-case button', async () => {
    renderRoute('/terms');
    expect(await banner().findByRole('link', { name: '登入／註冊' })).toHaveAttribute('href', '/login-or-register');
    expect(banner().queryByRole('link', { name: '刊登補習個案' })).toBeNull();
    expect(banner().queryByRole('button', { name: '帳戶設定' })).toBeNull();
  });

  it('when logged in shows the account menu, the mode selector and, in student mode, post-case', async () => {
    loggedInAs();
    renderRoute('/terms');
    expect(await banner().findByRole('button', { name: '帳戶設定' })).toBeInTheDocument();
    expect(banner().getByRole('link', { name: '刊登補習個案' })).toHaveAttribute('href', '/post-case');
    expect(banner().getByRole('group', { name: '身份模式' })).toBeInTheDocument();
    expect(banner().queryByRole('link', { name: '登入／註冊' })).toBeNull();
  });

  it('keeps the controls reachable by name on a phone', async () => {
    setViewportWidth(375);
    loggedInAs();
    renderRoute('/terms');
    expect(await banner().findByRole('button', { name: '帳戶設定' })).toBeInTheDocument();
    expect(banner().getByRole('link', { name: '刊登補習個案' })).toBeInTheDocument();
    // The mode selector's short words fit the bar; its names stay the full ones.
    expect(banner().getByRole('button', { name: '我係導師' })).toHaveTextContent(/^導師$/);
    expect(banner().getByRole('button', { name: '我係家長／學生' })).toHaveTextContent(/^家長$/);
  });

  it('sends a non-tutor who chooses 導師 to the tutor application', async () => {
    loggedInAs();
    const { router } = renderRoute('/terms');
    await userEvent.click(await banner().findByRole('button', { name: '我係導師' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor-application'));
    expect(banner().getByRole('button', { name: '我係家長／學生' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches a tutor to tutor mode, which hides post-case, and back', async () => {
    loggedInAs(makeCurrentUser({ isTutor: true, role: 'tutor' }));
    const { router } = renderRoute('/terms');
    await waitFor(() => expect(screen.getByRole('group', { name: '身份模式' })).toBeInTheDocument());
    // Wait for the user to load, so that isTutor is known.
    await userEvent.click(await banner().findByRole('button', { name: '帳戶設定' }));
    expect(await screen.findByText('你好，陳太')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(banner().getByRole('button', { name: '我係導師' }));
    expect(banner().getByRole('button', { name: '我係導師' })).toHaveAttribute('aria-pressed', 'true');
    expect(banner().queryByRole('link', { name: '刊登補習個案' })).toBeNull();
    expect(router.state.location.pathname).toBe('/terms');
    await userEvent.click(banner().getByRole('button', { name: '我係家長／學生' }));
    expect(banner().getByRole('link', { name: '刊登補習個案' })).toBeInTheDocument();
  });

  it('logs out: revokes on the server, forgets tokens and mode, goes home', async () => {
    const { logouts } = loggedInAs(makeCurrentUser({ isTutor: true }));
    localStorage.setItem('accountMode', 'tutor');
    const { router } = renderRoute('/terms');
    await userEvent.click(await banner().findByRole('button', { name: '帳戶設定' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '登出' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logouts).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(tokenStore.getAuthToken()).toBeNull();
    expect(tokenStore.getRefreshToken()).toBeNull();
    expect(localStorage.getItem('accountMode')).toBeNull();
    expect(await banner().findByRole('link', { name: '登入／註冊' })).toBeInTheDocument();
  });

  it('treats a failed current-user fetch as logged out', async () => {
    tokenStore.set({ token: 'access-1', refreshToken: 'refresh-1' });
    server.use(
      http.get('*/self-users/me', () => HttpResponse.json({ code: 'ACCOUNT_GONE' }, { status: 401 })),
      http.post('*/users/refresh-token', () => HttpResponse.json({ code: 'REFRESH_TOKEN_INVALID' }, { status: 401 })),
    );
    renderRoute('/terms');
    expect(await banner().findByRole('link', { name: '登入／註冊' })).toBeInTheDocument();
    expect(tokenStore.getAuthToken()).toBeNull();
  });

  it('the account menu leads to edit profile and change password', async () => {
    loggedInAs();
    const { router } = renderRoute('/terms');
    await userEvent.click(await banner().findByRole('button', { name: '帳戶設定' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '更改密碼' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    await userEvent.click(banner().getByRole('button', { name: '帳戶設定' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '編輯個人資料' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-profile'));
  });

  it("offers 我的申請 to tutors only: a parent's menu has no applications", async () => {
    loggedInAs(makeCurrentUser());
    renderRoute('/terms');
    await userEvent.click(await banner().findByRole('button', { name: '帳戶設定' }));
    expect(await screen.findByRole('menuitem', { name: '我的個案' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '我的申請' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '我的發票' })).not.toBeInTheDocument();
  });

  it('offers 我的申請 and 我的發票 to a tutor', async () => {
    loggedInAs(makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    server.use(http.get('*/invoices', () => HttpResponse.json({ invoices: [], dueTodayCents: 0 })));
    const { router } = renderRoute('/terms');
    await userEvent.click(await banner().findByRole('button', { name: '帳戶設定' }));
    expect(await screen.findByRole('menuitem', { name: '我的申請' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: '我的發票' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-invoices'));
  });
});
