import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { renderRoute } from '@/testing/render';

describe('/forgot-password', () => {
  it('is reached from the login tab', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/login-or-register');
    await user.click(await screen.findByRole('link', { name: '忘記密碼？' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('asks for the phone, sends the request and returns to login after 3 s', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/users/request-password-reset', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/forgot-password');
    await user.click(await screen.findByRole('button', { name: '發送重設連結' }));
    expect(await screen.findByText('請輸入電話號碼')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /電話號碼/ }), ' 61234567 ');
    await user.click(screen.getByRole('button', { name: '發送重設連結' }));
    expect(await screen.findByRole('status')).toHaveTextContent('重設密碼連結已發送到你的電郵');
    expect(sent).toEqual([{ phone: '61234567' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'), { timeout: 5000 });
  });

  it('shows the server error and keeps the phone', async () => {
    server.use(
      http.post('*/users/request-password-reset', () =>
        HttpResponse.json({ code: 'RATE_LIMITED', error: '嘗試次數太多，請稍後再試' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/forgot-password');
    await user.type(await screen.findByRole('textbox', { name: /電話號碼/ }), '61234567');
    await user.click(screen.getByRole('button', { name: '發送重設連結' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('嘗試次數太多，請稍後再試');
    expect(screen.getByRole('textbox', { name: /電話號碼/ })).toHaveValue('61234567');
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('/reset-password', () => {
  it('without a token says the link is invalid and returns to login after 3 s', async () => {
    const { router } = renderRoute('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('重設連結無效，請重新申請');
    expect(screen.queryByLabelText(/新密碼/)).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'), { timeout: 5000 });
  });

  it('checks the new password, sends it with the token and returns to login after 3 s', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/users/reset-password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText(/^新密碼/), 'short');
    await user.type(screen.getByLabelText(/^確認新密碼/), 'other');
    await user.click(screen.getByRole('button', { name: '重設密碼' }));
    expect(await screen.findByText('密碼必須最少 8 個字元，並包含英文字母及數字')).toBeInTheDocument();
    expect(screen.getByText('新密碼與確認密碼不一致')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText(/^新密碼/));
    await user.type(screen.getByLabelText(/^新密碼/), 'newpass99');
    await user.clear(screen.getByLabelText(/^確認新密碼/));
    await user.type(screen.getByLabelText(/^確認新密碼/), 'newpass99');
    await user.click(screen.getByRole('button', { name: '重設密碼' }));
    expect(await screen.findByRole('status')).toHaveTextContent('密碼已重設');
    expect(sent).toEqual([{ token: 'abc123', newPassword: 'newpass99' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'), { timeout: 5000 });
  });

  it('offers a new link when the server refuses this one', async () => {
    server.use(
      http.post('*/users/reset-password', () =>
        HttpResponse.json({ code: 'RESET_LINK_INVALID', error: '重設連結無效或已過期，請重新申請' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/reset-password?token=used');
    await user.type(await screen.findByLabelText(/^新密碼/), 'newpass99');
    await user.type(screen.getByLabelText(/^確認新密碼/), 'newpass99');
    await user.click(screen.getByRole('button', { name: '重設密碼' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('重設連結無效或已過期，請重新申請');
    await user.click(screen.getByRole('link', { name: '重新申請重設連結' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});
