import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BookingBody } from '@/api/generated/model';
import { renderRoute, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { saveDraft } from '@/lib/form-draft';
import { BookingBox } from './components/BookingBox';
import { bookingDraftKey } from './lib/booking-draft';

const TUTOR = '00000000-0000-4000-8000-0000000000aa';

function booking(overrides: Partial<BookingBody>): BookingBody {
  return {
    id: 'b-1',
    tutorId: TUTOR,
    tutorName: '黃老師',
    userName: '陳**',
    userType: 'student',
    bookingTime: '星期三 19:00-21:00',
    status: 'pending',
    mine: false,
    forMe: false,
    createdAt: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

describe('the booking box on a tutor profile', () => {
  it('opens the form for a visitor on a tap, offers to log in to book and shows no bookings', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BookingBox tutorId={TUTOR} subjects={['中學 數學', '中學 物理']} />);
    // Before the tap, the profile does not carry the form (docs/adr/0076-public-pages-under-150-kib.md).
    expect(screen.queryByRole('textbox', { name: '預約時間' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '開始預約' }));
    // The button is gone: its focus goes to the form's first field.
    expect(await screen.findByRole('textbox', { name: '預約時間' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: '開始預約' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登入後預約' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is open at once for a visitor with a draft, and offers a tutor no form on their own profile', async () => {
    saveDraft(bookingDraftKey(TUTOR), { bookingTime: '星期五 18:00-19:00' });
    const visitor = renderWithProviders(<BookingBox tutorId={TUTOR} subjects={[]} />);
    expect(await screen.findByRole('textbox', { name: '預約時間' })).toHaveValue('星期五 18:00-19:00');
    expect(screen.queryByRole('button', { name: '開始預約' })).not.toBeInTheDocument();
    visitor.unmount();

    loggedInAs(makeCurrentUser({ id: TUTOR, role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    server.use(http.get(`*/tutors/${TUTOR}/bookings`, () => HttpResponse.json({ items: [] })));
    renderWithProviders(<BookingBox tutorId={TUTOR} subjects={[]} />);
    // The tutor's own bookings, none yet; no form to book themself.
    expect(await screen.findByText('暫時未有預約')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '預約時間' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '開始預約' })).not.toBeInTheDocument();
  });

  it('requires a time, books, and shows the table with masked names', async () => {
    loggedInAs(makeCurrentUser({ name: '陳太' }));
    let rows = [booking({ id: 'b-0', userName: '李**', bookingTime: '星期一 16:00-17:00' })];
    const sent: unknown[] = [];
    server.use(
      http.get(`*/tutors/${TUTOR}/bookings`, () => HttpResponse.json({ items: rows })),
      http.post('*/bookings', async ({ request }) => {
        sent.push(await request.json());
        const made = booking({ id: 'b-1', userName: '陳太', mine: true });
        rows = [made, ...rows];
        return HttpResponse.json(made);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookingBox tutorId={TUTOR} subjects={['中學 數學', '中學 物理']} />);
    const table = await screen.findByRole('table', { name: '這位導師的預約' });
    expect(within(table).getByText('李**')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '預約' }));
    expect(await screen.findByText('請填寫預約時間')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '預約時間' }), '星期三 19:00-21:00');
    // The tutor's own subjects, the four places, a message with its count.
    await user.selectOptions(await screen.findByRole('combobox', { name: '科目' }), '中學 物理');
    await user.selectOptions(screen.getByRole('combobox', { name: '上堂地點' }), 'online');
    await user.type(screen.getByRole('textbox', { name: '留言（選填）' }), '中三，想操卷');
    expect(screen.getByText('例如學生年級、想加強的範疇。已輸入 6／300 字')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '預約' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('預約已提交！');
    // Where the booker looks: the success is focused (and scrolled to) as it appears.
    await waitFor(() => expect(done).toHaveFocus());
    expect(done).toHaveTextContent('導師接受後，你會收到短訊');
    expect(within(done).getByRole('link', { name: '查看我的預約' })).toHaveAttribute('href', '/my-bookings');
    expect(sent).toEqual([
      {
        tutorId: TUTOR,
        bookingTime: '星期三 19:00-21:00',
        subject: '中學 物理',
        lessonPlace: 'online',
        message: '中三，想操卷',
      },
    ]);
    expect(await within(table).findByText('陳太')).toBeInTheDocument();
  });

  it('keeps what a visitor typed through the login prompt, gives it back logged in and forgets it once booked', async () => {
    const user = userEvent.setup();
    const visitor = renderWithProviders(<BookingBox tutorId={TUTOR} subjects={['中學 數學', '中學 物理']} />);
    await user.click(screen.getByRole('button', { name: '開始預約' }));
    await user.type(await screen.findByRole('textbox', { name: '預約時間' }), '星期六 14:00-16:00');
    await user.selectOptions(screen.getByRole('combobox', { name: '科目' }), '中學 數學');
    await user.type(screen.getByRole('textbox', { name: '留言（選填）' }), '中三，想操卷');
    await user.click(screen.getByRole('button', { name: '登入後預約' }));
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login-or-register'));
    visitor.unmount();

    // Back from logging in: the same tutor's box has it all again.
    loggedInAs(makeCurrentUser({ name: '陳太' }));
    const sent: unknown[] = [];
    server.use(
      http.get(`*/tutors/${TUTOR}/bookings`, () => HttpResponse.json({ items: [] })),
      http.post('*/bookings', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(booking({ id: 'b-9', mine: true }));
      }),
    );
    const booker = renderWithProviders(<BookingBox tutorId={TUTOR} subjects={['中學 數學', '中學 物理']} />);
    expect(await screen.findByRole('textbox', { name: '預約時間' })).toHaveValue('星期六 14:00-16:00');
    expect(screen.getByRole('combobox', { name: '科目' })).toHaveValue('中學 數學');
    expect(screen.getByRole('textbox', { name: '留言（選填）' })).toHaveValue('中三，想操卷');
    await user.click(screen.getByRole('button', { name: '預約' }));
    expect(await screen.findByText('預約已提交！')).toBeInTheDocument();
    expect(sent).toEqual([
      { tutorId: TUTOR, bookingTime: '星期六 14:00-16:00', subject: '中學 數學', message: '中三，想操卷' },
    ]);
    booker.unmount();

    // Booked: the next visit starts empty.
    renderWithProviders(<BookingBox tutorId={TUTOR} subjects={['中學 數學', '中學 物理']} />);
    expect(await screen.findByRole('textbox', { name: '預約時間' })).toHaveValue('');
  });

  it("puts a refused field's message under the field only, not again in a banner", async () => {
    loggedInAs(makeCurrentUser({ name: '陳太' }));
    const refusal = '留言不可包含電話號碼或其他聯絡方法，雙方會在配對後交換聯絡資料';
    server.use(
      http.get(`*/tutors/${TUTOR}/bookings`, () => HttpResponse.json({ items: [] })),
      http.post('*/bookings', () =>
        HttpResponse.json(
          { code: 'VALIDATION_FAILED', error: refusal, errors: [{ field: 'message', message: refusal }] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookingBox tutorId={TUTOR} subjects={['中學 數學']} />);
    await user.type(await screen.findByRole('textbox', { name: '預約時間' }), '星期三 19:00-21:00');
    await user.type(screen.getByRole('textbox', { name: '留言（選填）' }), '你好');
    await user.click(screen.getByRole('button', { name: '預約' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(screen.queryByText(/預約失敗/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '留言（選填）' })).toHaveFocus());
  });

  it("shows the server's reason when a booking is still pending (409) or the day's limit is reached (429)", async () => {
    loggedInAs(makeCurrentUser({ name: '陳太' }));
    const pending = { status: 409, code: 'BOOKING_PENDING', error: '你已向這位導師提出預約，請等候導師回覆' };
    const limited = {
      status: 429,
      code: 'RATE_LIMITED',
      error: '預約次數已達上限（每 24 小時最多 20 個），請稍後再試',
    };
    const refusals = [pending, limited];
    const queue = [...refusals];
    server.use(
      http.get(`*/tutors/${TUTOR}/bookings`, () => HttpResponse.json({ items: [] })),
      http.post('*/bookings', () => {
        const { status, code, error } = queue.shift() ?? limited;
        return HttpResponse.json({ code, error }, { status });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<BookingBox tutorId={TUTOR} subjects={['中學 數學', '中學 物理']} />);
    for (const { error } of refusals) {
      await user.type(screen.getByRole('textbox', { name: '預約時間' }), '星期三 19:00-21:00');
      await user.click(screen.getByRole('button', { name: '預約' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(`預約失敗：${error}`);
      await user.clear(screen.getByRole('textbox', { name: '預約時間' }));
    }
  });
});

describe('/my-bookings', () => {
  it('lets the tutor accept a received booking and the booker cancel theirs', async () => {
    loggedInAs(makeCurrentUser({ id: TUTOR, name: '黃老師' }));
    let received = booking({
      id: 'b-1',
      forMe: true,
      userName: '陳太',
      subject: '中學 數學',
      lessonPlace: 'home',
      message: '中三，想加強代數',
    });
    const made = booking({
      id: 'b-2',
      mine: true,
      tutorName: '何老師',
      status: 'accepted',
      contact: { name: '何老師', phone: '+85250000002' },
    });
    const calls: string[] = [];
    server.use(
      http.get('*/bookings/mine', () => HttpResponse.json({ items: [received, made] })),
      http.post('*/bookings/:id/:action', ({ params }) => {
        calls.push(`${params.id} ${params.action}`);
        if (params.action === 'accept')
          received = { ...received, status: 'accepted', contact: { name: '陳太', phone: '+85261234567' } };
        return HttpResponse.json(received);
      }),
    );
    const user = userEvent.setup();
    renderRoute('/my-bookings');
    const [receivedCard, madeCard] = (await screen.findAllByTestId('my-booking')) as [HTMLElement, HTMLElement];
    // The tutor sees what was asked before deciding, and what accepting does.
    for (const fact of ['中學 數學', '上門補習（導師到學生住所）', '中三，想加強代數']) {
      expect(within(receivedCard).getByText(fact)).toBeInTheDocument();
    }
    expect(within(receivedCard).getByText(/接受後，對方會收到短訊/)).toBeInTheDocument();
    // A booking carries no service fee, unlike a match through a case.
    expect(within(receivedCard).getByText(/接受預約不需繳付服務費/)).toBeInTheDocument();
    expect(within(madeCard).queryByText(/接受預約不需繳付服務費/)).not.toBeInTheDocument();
    expect(within(madeCard).getAllByText('未註明')).toHaveLength(3);
    expect(within(madeCard).getByText('5000 0002', { exact: false })).toBeInTheDocument();
    expect(within(receivedCard).queryByRole('button', { name: '取消預約' })).not.toBeInTheDocument();
    await user.click(within(receivedCard).getByRole('button', { name: '接受' }));
    expect(await within(receivedCard).findByText('6123 4567', { exact: false })).toBeInTheDocument();
    await user.click(within(madeCard).getByRole('button', { name: '取消預約' }));
    expect(calls).toEqual(['b-1 accept', 'b-2 cancel']);
  });
});
