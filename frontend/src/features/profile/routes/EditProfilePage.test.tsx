import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';
import { server } from '@/testing/server';
import { renderRoute } from '@/testing/render';

const me = {
  id: '00000000-0000-4000-8000-00000000bbbb',
  userId: 1001,
  role: 'user',
  accountType: 'student',
  isTutor: false,
  isTutorProfileActive: false,
  name: '陳太',
  phone: '+85261234567',
  email: 'a@example.com',
  birthdate: '1985-03-01',
  userType: 'individual',
  createdAt: '2026-11-01T00:00:00Z',
};

beforeAll(stubResizeObserver);

describe('/edit-profile', () => {
  it('sends a visitor without a session to login', async () => {
    const { router } = renderRoute('/edit-profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'));
  });

  it('loads name and phone, refuses an unverified new phone and saves a new name as JSON', async () => {
    localStorage.setItem('authToken', 'token');
    let sent: unknown;
    server.use(
      http.get('*/users/me', () => HttpResponse.json(me)),
      http.get('*/self-users/me', () => HttpResponse.json(me)),
      http.put('*/users/:id', async ({ request, params }) => {
        expect(params.id).toBe(me.id);
        expect(request.headers.get('Content-Type')).toContain('application/json');
        sent = await request.json();
        return HttpResponse.json({ ...me, name: '陳小姐' });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/edit-profile');
    const name = await screen.findByRole('textbox', { name: '名稱' });
    const phone = screen.getByRole('textbox', { name: '電話號碼' });
    expect(name).toHaveValue('陳太');
    expect(phone).toHaveValue('61234567');

    await user.clear(phone);
    await user.type(phone, '69876543');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('請先完成電話驗證再提交')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.clear(phone);
    await user.type(phone, '61234567');
    await user.clear(name);
    await user.type(name, '陳小姐');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('個人資料已更新')).toBeInTheDocument();
    expect(sent).toEqual({ name: '陳小姐', phone: '61234567' });
  }, 60_000);

  it('changes the phone through the SMS step of spec §4', async () => {
    localStorage.setItem('authToken', 'token');
    let account = me;
    const sentTo: string[] = [];
    let saved: unknown;
    let verifications = 0;
    server.use(
      http.get('*/users/me', () => HttpResponse.json(account)),
      http.get('*/self-users/me', () => HttpResponse.json(account)),
      http.post('*/sms/send-code', async ({ request }) => {
        const { phoneNumber } = (await request.json()) as { phoneNumber: string };
        if (phoneNumber === '62222222') {
          return HttpResponse.json({ code: 'PHONE_TAKEN', error: '此電話號碼已被使用，請勿重複註冊' }, { status: 409 });
        }
        sentTo.push(phoneNumber);
        return HttpResponse.json({ message: '驗證碼已發送' });
      }),
      http.post('*/sms/verify-code', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code === '123456') {
          verifications += 1;
          return HttpResponse.json({ message: '驗證成功', verificationToken: `token-${verifications}` });
        }
        const message = '驗證碼不正確，請重新輸入';
        return HttpResponse.json(
          { code: 'VALIDATION_FAILED', error: message, errors: [{ field: 'code', message }] },
          { status: 400 },
        );
      }),
      http.put('*/users/:id', async ({ request }) => {
        saved = await request.json();
        account = { ...me, phone: '+85269876543' };
        return HttpResponse.json(account);
      }),
    );
    const user = userEvent.setup();
    renderRoute('/edit-profile');
    const phone = await screen.findByRole('textbox', { name: '電話號碼' });
    expect(screen.queryByRole('button', { name: '發送驗證碼' })).not.toBeInTheDocument();

    // A taken number: the profile's wording, and no resending until the number is edited.
    await user.clear(phone);
    await user.type(phone, '62222222');
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await screen.findByText('此電話號碼已被使用，請使用其他號碼')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '發送驗證碼' })).toBeDisabled();

    await user.clear(phone);
    await user.type(phone, '6987 6543');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('請先完成電話驗證再提交')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(await screen.findByRole('button', { name: /^(60|59) 秒後可重新發送$/ })).toBeDisabled();
    expect(sentTo).toEqual(['69876543']);

    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByText('請輸入驗證碼')).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /驗證碼/ });
    expect(code).toBeRequired();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByText('驗證碼不正確，請重新輸入')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByText('電話號碼已驗證')).toBeInTheDocument();

    // Editing the number afterwards takes the verification away.
    await user.type(phone, '0');
    expect(screen.queryByText('電話號碼已驗證')).not.toBeInTheDocument();
    await user.type(phone, '{Backspace}');
    expect(screen.getByRole('button', { name: '發送驗證碼' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('請先完成電話驗證再提交')).toBeInTheDocument();
    expect(saved).toBeUndefined();

    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    await user.type(await screen.findByRole('textbox', { name: /驗證碼/ }), '123456');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByText('電話號碼已驗證')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('個人資料已更新')).toBeInTheDocument();
    // With the token of the verification that still stands (the first went with the edit).
    expect(saved).toEqual({ name: '陳太', phone: '6987 6543', verificationToken: 'token-2' });
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('token-2');

    // 2 s later: the account is read again and the SMS step is gone.
    await waitFor(() => expect(screen.queryByText('個人資料已更新')).not.toBeInTheDocument(), { timeout: 6_000 });
    expect(screen.getByRole('textbox', { name: '電話號碼' })).toHaveValue('69876543');
    expect(screen.queryByRole('group', { name: '電話驗證' })).not.toBeInTheDocument();
  }, 60_000);
});
