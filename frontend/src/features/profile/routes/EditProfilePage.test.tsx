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
});
