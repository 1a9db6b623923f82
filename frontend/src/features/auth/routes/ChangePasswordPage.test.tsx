import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs } from '@/testing/session';

async function fill(old: string, password: string, confirm: string) {
  if (old) await userEvent.type(await screen.findByLabelText(/^舊密碼/), old);
  if (password) await userEvent.type(screen.getByLabelText(/^新密碼/), password);
  if (confirm) await userEvent.type(screen.getByLabelText(/^確認新密碼/), confirm);
  await userEvent.click(screen.getByRole('button', { name: '更改密碼' }));
}

describe('/change-password', () => {
  it('needs login', async () => {
    const { router } = renderRoute('/change-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'));
  });

  it('checks the rules and the confirmation before calling the server', async () => {
    loggedInAs();
    let calls = 0;
    server.use(
      http.put('*/self-users/me/password', () => {
        calls += 1;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderRoute('/change-password');
    await screen.findByLabelText(/^舊密碼/);
    await fill('', 'short', 'other');
    expect(await screen.findByText('請輸入舊密碼')).toBeInTheDocument();
    expect(screen.getByText('密碼必須最少 8 個字元，並包含英文字母及數字')).toBeInTheDocument();
    expect(screen.getByText('新密碼與確認密碼不一致')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("shows the server's message for a wrong old password", async () => {
    loggedInAs();
    server.use(
      http.put('*/self-users/me/password', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            error: '舊密碼不正確',
            errors: [{ field: 'oldPassword', message: '舊密碼不正確' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/change-password');
    await fill('wrong1234', 'newpass99', 'newpass99');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('舊密碼不正確');
    // The field the server named has the focus (the form hook), not the button.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-invalid', 'true'));
  });

  it('changes the password, says so and goes home after 2 seconds', async () => {
    loggedInAs();
    const sent: unknown[] = [];
    server.use(
      http.put('*/self-users/me/password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: '密碼已更新' });
      }),
    );
    const { router } = renderRoute('/change-password');
    await fill('demo1234', 'newpass99', 'newpass99');
    expect(await screen.findByRole('status')).toHaveTextContent('密碼已更新');
    // This session's refresh token goes along: the server keeps its session and ends the others.
    expect(sent).toEqual([{ oldPassword: 'demo1234', password: 'newpass99', refreshToken: 'refresh-1' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
  });
});
