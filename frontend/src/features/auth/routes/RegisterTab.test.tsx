import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@/config/limits';
import { stubResizeObserver } from '@/testing/resize-observer';
import { server } from '@/testing/server';
import { renderRoute } from '@/testing/render';
import { makeCurrentUser } from '@/testing/session';

beforeAll(stubResizeObserver);

/** The server's answers for the phone step: 61234567 is taken, anything else is free. */
function phoneStepServer(calls: { checks: string[]; sent: string[]; verified: unknown[] }) {
  server.use(
    http.post('*/users/check-phone', async ({ request }) => {
      const { phone } = (await request.json()) as { phone: string };
      calls.checks.push(phone);
      if (phone === '123') {
        return HttpResponse.json(
          {
            code: 'INVALID',
            error: 'x',
            errors: [{ field: 'phone', message: '請輸入有效的香港電話號碼（8 位數字）' }],
          },
          { status: 400 },
        );
      }
      const exists = phone === '61234567';
      return HttpResponse.json({ exists, msg: exists ? '此電話號碼已被使用，請勿重複註冊' : '此電話號碼可以使用' });
    }),
    http.post('*/sms/send-code', async ({ request }) => {
      calls.sent.push(((await request.json()) as { phoneNumber: string }).phoneNumber);
      return HttpResponse.json({ message: 'ok' });
    }),
    http.post('*/sms/verify-code', async ({ request }) => {
      const body = (await request.json()) as { phone: string; code: string };
      calls.verified.push(body);
      return body.code === '123456'
        ? HttpResponse.json({ message: 'ok', verificationToken: `token-of-${body.phone}` })
        : HttpResponse.json(
            { code: 'INVALID', error: 'x', errors: [{ field: 'code', message: '驗證碼不正確，請重新輸入' }] },
            { status: 400 },
          );
    }),
  );
}

/** Step 1 for `phone`; `null` verifies the phone already typed. */
async function verifyPhone(user: ReturnType<typeof userEvent.setup>, phone: string | null = '98765432') {
  if (phone !== null) await user.type(await screen.findByRole('textbox', { name: /電話號碼/ }), phone);
  expect(await screen.findByText('此電話號碼可以使用')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
  expect(await screen.findByRole('button', { name: /秒後可重新發送/ })).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: /驗證碼/ }), '123456');
  await user.click(screen.getByRole('button', { name: '驗證' }));
  expect(await screen.findByText('電話號碼已驗證！請繼續填寫你的資料。')).toBeInTheDocument();
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /名稱/ }), '陳大文');
  await user.type(screen.getByRole('textbox', { name: /電郵/ }), 'chan@example.com');
  await user.type(screen.getByLabelText(/^密碼/), 'abcd1234');
  await user.type(screen.getByLabelText(/^確認密碼/), 'abcd1234');
  await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '2000');
  await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '01');
  await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '31');
}

describe('/login-or-register, register tab', () => {
  it('checks the phone after typing pauses and keeps a taken number from getting a code', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    const user = userEvent.setup();
    renderRoute('/login-or-register?tab=register');
    await user.type(await screen.findByRole('textbox', { name: /電話號碼/ }), '61234567');
    expect(await screen.findByText('此電話號碼已被使用，請勿重複註冊')).toBeInTheDocument();
    // One check for the whole number, not one per keystroke.
    expect(calls.checks).toEqual(['61234567']);
    expect(screen.getByRole('button', { name: '發送驗證碼' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: /電話號碼/ }));
    await user.type(screen.getByRole('textbox', { name: /電話號碼/ }), '123');
    expect(await screen.findByText('請輸入有效的香港電話號碼（8 位數字）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '發送驗證碼' })).toBeDisabled();
    expect(calls.sent).toEqual([]);
  });

  it('verifies the phone, sends the details as multipart, logs in with them and goes on to the page it came from', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    let form: FormData | undefined;
    const logins: unknown[] = [];
    server.use(
      http.post('*/users/check-email', () => HttpResponse.json({ exists: false })),
      http.post('*/users/register', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ message: '註冊成功！請登入。', userId: 1042 }, { status: 201 });
      }),
      http.post('*/users/login', async ({ request }) => {
        logins.push(await request.json());
        return HttpResponse.json({ token: 'access-new', refreshToken: 'refresh-new' });
      }),
      http.get('*/self-users/me', () => HttpResponse.json(makeCurrentUser({ name: '陳大文' }))),
      http.get('*/cases/mine', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/login-or-register?next=%2Fmy-cases&tab=register');
    await verifyPhone(user);
    expect(calls.sent).toEqual(['98765432']);
    expect(screen.getByText('已驗證的電話號碼：98765432')).toBeInTheDocument();

    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: '註冊' }));
    // Logged in with the phone and password just typed, and on to where the visitor was going.
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cases'));
    expect(logins).toEqual([{ identifier: '98765432', password: 'abcd1234' }]);
    expect(localStorage.getItem('authToken')).toBe('access-new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(Object.fromEntries(form!.entries())).toEqual({
      name: '陳大文',
      email: 'chan@example.com',
      phone: '98765432',
      // The grant is bound to the token verify-code answered; it is forgotten once used.
      verificationToken: 'token-of-98765432',
      password: 'abcd1234',
      birthdate: '2000-01-31',
      role: 'user',
      userType: 'individual',
    });
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('token-of-');
  });

  it('goes home after registering when it came from nowhere in particular', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    server.use(
      http.post('*/users/check-email', () => HttpResponse.json({ exists: false })),
      http.post('*/users/register', () => HttpResponse.json({ message: 'ok', userId: 1042 }, { status: 201 })),
      http.post('*/users/login', () => HttpResponse.json({ token: 'access-new', refreshToken: 'refresh-new' })),
      http.get('*/self-users/me', () => HttpResponse.json(makeCurrentUser({ name: '陳大文' }))),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: '帳戶設定' })).toBeInTheDocument();
  });

  it('opens the login tab with the phone filled in when logging in after registering fails', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    server.use(
      http.post('*/users/check-email', () => HttpResponse.json({ exists: false })),
      http.post('*/users/register', () => HttpResponse.json({ message: 'ok', userId: 1042 }, { status: 201 })),
      http.post('*/users/login', () =>
        HttpResponse.json({ code: 'RATE_LIMITED', error: '嘗試次數過多' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: '註冊' }));
    expect(await screen.findByText('註冊成功！請登入。')).toBeInTheDocument();
    // Not "registration failed": the account exists; spec §2's login tab after 2 s.
    expect(screen.queryByText('註冊失敗，請檢查資料或稍後再試。')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: '登入' })).toHaveAttribute('aria-selected', 'true'), {
      timeout: 4000,
    });
    expect(screen.getByRole('textbox', { name: /電話號碼/ })).toHaveValue('98765432');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('comes back to step 2 after a reload, with the verified phone and its token', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    let form: FormData | undefined;
    server.use(
      http.post('*/users/check-email', () => HttpResponse.json({ exists: false })),
      http.post('*/users/register', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ message: 'ok', userId: 1042 }, { status: 201 });
      }),
      http.post('*/users/login', () => HttpResponse.json({ token: 'access-new', refreshToken: 'refresh-new' })),
      http.get('*/self-users/me', () => HttpResponse.json(makeCurrentUser({ name: '陳大文' }))),
    );
    const user = userEvent.setup();
    const first = renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    // A reload: the page and its state are gone, the tab's sessionStorage is not.
    first.unmount();
    const { router } = renderRoute('/login-or-register?tab=register');
    expect(await screen.findByText('第 2 步（共 2 步）')).toBeInTheDocument();
    expect(screen.getByText('已驗證的電話號碼：98765432')).toBeInTheDocument();
    expect(calls.sent).toEqual(['98765432']);

    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(form!.get('phone')).toBe('98765432');
    expect(form!.get('verificationToken')).toBe('token-of-98765432');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('token-of-');
  });

  it('does not bring back a verification older than its 30 minutes', async () => {
    sessionStorage.setItem(
      'tutorhub.pendingRegistration',
      JSON.stringify({ phone: '98765432', verificationToken: 'token-of-98765432', expiresAt: Date.now() - 1 }),
    );
    renderRoute('/login-or-register?tab=register');
    expect(await screen.findByText('第 1 步（共 2 步）')).toBeInTheDocument();
    expect(sessionStorage.getItem('tutorhub.pendingRegistration')).toBeNull();
  });

  it('stops at a taken e-mail before registering, and shows server field messages on their fields', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    let emailTaken = true;
    let registered = 0;
    server.use(
      http.post('*/users/check-email', () => HttpResponse.json({ exists: emailTaken })),
      http.post('*/users/register', () => {
        registered += 1;
        return HttpResponse.json(
          {
            code: 'INVALID',
            error: '資料有誤',
            errors: [{ field: 'birthdate', message: '根據服務條款，用戶須年滿 15 歲' }],
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: '註冊' }));
    expect(await screen.findByText('此電郵已被註冊，請使用其他電郵。')).toBeInTheDocument();
    expect(registered).toBe(0);

    emailTaken = false;
    await user.clear(screen.getByRole('textbox', { name: /電郵/ }));
    await user.type(screen.getByRole('textbox', { name: /電郵/ }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: '註冊' }));
    // Each error once: under the birth date, not again in a banner.
    expect(await screen.findByText('根據服務條款，用戶須年滿 15 歲')).toBeInTheDocument();
    expect(screen.getAllByText('根據服務條款，用戶須年滿 15 歲')).toHaveLength(1);
    expect(registered).toBe(1);
    // Nothing typed is lost.
    expect(screen.getByRole('textbox', { name: /名稱/ })).toHaveValue('陳大文');
  });

  it('puts the server refusing an address that looked right under the e-mail field, not in a banner', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    let registered = 0;
    server.use(
      http.post('*/users/check-email', () =>
        HttpResponse.json(
          {
            code: 'INVALID',
            error: '請輸入有效的電郵地址',
            errors: [{ field: 'email', message: '請輸入有效的電郵地址' }],
          },
          { status: 400 },
        ),
      ),
      http.post('*/users/register', () => {
        registered += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    await fillDetails(user);
    await user.clear(screen.getByRole('textbox', { name: /電郵/ }));
    await user.type(screen.getByRole('textbox', { name: /電郵/ }), 'chan@example..com');
    await user.click(screen.getByRole('button', { name: '註冊' }));
    const email = screen.getByRole('textbox', { name: /電郵/ });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('請輸入有效的電郵地址')).toBeInTheDocument();
    expect(screen.queryByText('檢查電郵失敗，請稍後再試。')).not.toBeInTheDocument();
    expect(registered).toBe(0);
  });

  it('asks an organization for both documents and refuses a file over 5 MB without keeping it', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    let form: FormData | undefined;
    server.use(
      http.post('*/users/check-email', () => HttpResponse.json({ exists: false })),
      http.post('*/users/register', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ message: 'ok', userId: 1043 }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: '機構' }));
    await user.click(screen.getByRole('button', { name: '註冊' }));
    expect(await screen.findAllByText('機構註冊須上載商業登記證及地址證明。')).toHaveLength(2);
    expect(form).toBeUndefined();

    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('商業登記證'), big);
    expect(await screen.findByText('商業登記證檔案超過大小上限，最大 5MB')).toBeInTheDocument();
    expect(screen.queryByText(/big\.pdf/)).not.toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('商業登記證'),
      new File(['%PDF-1.4'], 'br.pdf', { type: 'application/pdf' }),
    );
    await user.upload(screen.getByLabelText('地址證明'), new File(['png'], 'proof.png', { type: 'image/png' }));
    expect(screen.getByText('br.pdf（1 KB）')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '註冊' }));
    await waitFor(() => expect(form).toBeDefined());
    expect(form!.get('userType')).toBe('organization');
    // jsdom's FormData re-wraps the files (name and exact bytes are checked by the Playwright journey).
    expect(form!.get('businessRegistration')).toMatchObject({ type: 'application/pdf' });
    expect(form!.get('addressProof')).toMatchObject({ type: 'image/png' });
  });

  it('switching tabs starts the register tab over at step 1 with an empty phone, keeping the details', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    const user = userEvent.setup();
    renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    await user.type(screen.getByRole('textbox', { name: /名稱/ }), '陳大文');

    await user.click(screen.getByRole('tab', { name: '登入' }));
    expect(screen.getByRole('textbox', { name: /電話號碼/ })).toHaveValue('');
    await user.click(screen.getByRole('tab', { name: '註冊' }));
    expect(screen.getByText('第 1 步（共 2 步）')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /電話號碼/ })).toHaveValue('');
    // No countdown carried over: the button reads "send code" again.
    expect(screen.getByRole('button', { name: '發送驗證碼' })).toBeInTheDocument();
    expect(screen.queryByText('電話號碼已驗證！請繼續填寫你的資料。')).not.toBeInTheDocument();

    await verifyPhone(user, '98765433');
    expect(screen.getByRole('textbox', { name: /名稱/ })).toHaveValue('陳大文');
  });

  it('goes back to step 1 when the server says the verification ran out, keeping the details', async () => {
    const calls = { checks: [] as string[], sent: [] as string[], verified: [] as unknown[] };
    phoneStepServer(calls);
    server.use(
      http.post('*/users/check-email', () => HttpResponse.json({ exists: false })),
      http.post('*/users/register', () =>
        HttpResponse.json({ code: 'PHONE_NOT_VERIFIED', error: '請先完成電話號碼驗證' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/login-or-register?tab=register');
    await verifyPhone(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: '註冊' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('請先完成電話號碼驗證');
    expect(screen.getByText('第 1 步（共 2 步）')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: '電話驗證' })).getByRole('button', { name: '發送驗證碼' }),
    ).toBeEnabled();
    await verifyPhone(user, null);
    expect(screen.getByRole('textbox', { name: /名稱/ })).toHaveValue('陳大文');
  });
});
