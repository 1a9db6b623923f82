import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeCase, makeTutor } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { CaseApplyAction } from './CaseApplyAction';

const activeTutor = makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true, name: '黃老師' });

function appliedList(caseIds: number[], status = 'applied') {
  server.use(
    http.get('*/cases/applied', () =>
      HttpResponse.json({
        items: caseIds.map((caseId) => ({
          id: `a-${caseId}`,
          caseId,
          availableTimes: '週末',
          status,
          createdAt: '2026-11-20T10:00:00Z',
          case: makeCase({ caseId }),
        })),
      }),
    ),
  );
}

describe('the case card action (spec §4)', () => {
  it('asks a visitor to log in to apply', async () => {
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    expect(await screen.findByRole('link', { name: '登入後申請個案編號 10001' })).toHaveAttribute(
      'href',
      '/login-or-register',
    );
  });

  it('tells a member who is not an active tutor in tutor mode to act as a tutor and pass approval', async () => {
    loggedInAs(makeCurrentUser());
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    expect(await screen.findByText('請以導師身份並通過導師審批後申請')).toBeInTheDocument();
  });

  it('tells the owner of a case it is theirs instead of asking them to act as a tutor', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    server.use(
      http.get('*/cases/mine', () =>
        HttpResponse.json({ items: [makeCase({ caseId: 10001 })], total: 1, page: 1, pageSize: 100 }),
      ),
    );
    renderWithProviders(<CaseApplyAction item={makeCase({ caseId: 10001 })} />);
    expect(await screen.findByText('這是你刊登的個案')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '申請' })).not.toBeInTheDocument();
    expect(screen.queryByText('請以導師身份並通過導師審批後申請')).not.toBeInTheDocument();
  });

  it('lets an active tutor in tutor mode apply with available times, then shows 已申請', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    const sent: unknown[] = [];
    server.use(
      http.post('*/cases/apply', async ({ request }) => {
        sent.push(await request.json());
        appliedList([10001]);
        return HttpResponse.json({
          id: 'a-1',
          caseId: 10001,
          availableTimes: '星期六下午',
          status: 'applied',
          createdAt: '2026-11-21T10:00:00Z',
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    await user.click(await screen.findByRole('button', { name: '申請' }));
    expect(await screen.findByText('請填寫可上堂時間')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: '可上堂時間' }), '星期六下午');
    await user.click(screen.getByRole('button', { name: '申請' }));
    expect(await screen.findByRole('button', { name: '已申請' })).toBeDisabled();
    expect(sent).toEqual([{ caseId: 10001, availableTimes: '星期六下午' }]);
  });

  it('shows the server error when applying fails', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    server.use(
      http.post('*/cases/apply', () =>
        HttpResponse.json({ code: 'CASE_FULL', error: '這個個案的申請人數已滿' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    await user.type(await screen.findByRole('textbox', { name: '可上堂時間' }), '週末');
    await user.click(screen.getByRole('button', { name: '申請' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('這個個案的申請人數已滿');
  });

  it('shows the overdue service fee the server refuses for, with the way to pay it', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    server.use(
      http.post('*/cases/apply', () =>
        HttpResponse.json(
          { code: 'INVOICE_OVERDUE', error: '你的服務費發票 INV-2026-000007 逾期未繳，繳清前不能申請個案' },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    await user.type(await screen.findByRole('textbox', { name: '可上堂時間' }), '週末');
    await user.click(screen.getByRole('button', { name: '申請' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '你的服務費發票 INV-2026-000007 逾期未繳，繳清前不能申請個案',
    );
    expect(screen.getByRole('link', { name: '前往「我的發票」繳付服務費' })).toHaveAttribute(
      'href',
      '/my-invoices/INV-2026-000007',
    );
  });

  it("says so when a case prefers another gender than the tutor's, and still lets them apply", async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    let gender = 'male';
    server.use(
      http.get('*/tutors/:id', () => HttpResponse.json({ id: activeTutor.id, availableTimes: '週末', gender })),
    );
    const { unmount } = renderWithProviders(<CaseApplyAction item={makeCase({ preferredGender: 'female' })} />);
    expect(await screen.findByText('這個個案希望由女導師任教。你仍可申請，由家長決定。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '申請' })).toBeEnabled();
    unmount();

    gender = 'female';
    renderWithProviders(<CaseApplyAction item={makeCase({ preferredGender: 'female' })} />);
    expect(await screen.findByRole('textbox', { name: '可上堂時間' })).toHaveValue('週末');
    expect(screen.queryByTestId('gender-note')).not.toBeInTheDocument();
  });

  it('shows 已申請 for a case the tutor already applied to', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([10001]);
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    await waitFor(() => expect(screen.getByRole('button', { name: '已申請' })).toBeDisabled());
  });

  it('offers the apply form again for a case whose application was withdrawn', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([10001], 'withdrawn');
    server.use(
      http.post('*/cases/apply', () => {
        appliedList([10001]);
        return HttpResponse.json({
          id: 'a-10001',
          caseId: 10001,
          availableTimes: '星期日',
          status: 'applied',
          createdAt: '2026-11-22T10:00:00Z',
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    await user.type(await screen.findByRole('textbox', { name: '可上堂時間' }), '星期日');
    await user.click(screen.getByRole('button', { name: '申請' }));
    expect(await screen.findByRole('button', { name: '已申請' })).toBeDisabled();
  });

  it('starts with the times of the tutor profile, then says the application went through and what follows', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    const sent: unknown[] = [];
    server.use(
      http.get('*/tutors/:id', () => HttpResponse.json({ id: activeTutor.id, availableTimes: '星期一至三 晚上' })),
      http.post('*/cases/apply', async ({ request }) => {
        sent.push(await request.json());
        appliedList([10001]);
        return HttpResponse.json({ id: 'a-1', caseId: 10001, availableTimes: '星期一至三 晚上', status: 'applied' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: '可上堂時間' })).toHaveValue('星期一至三 晚上'));
    await user.click(screen.getByRole('button', { name: '申請' }));
    expect(await screen.findByRole('status')).toHaveTextContent('申請成功！個案主人會收到通知');
    expect(screen.getByRole('button', { name: '已申請' })).toBeDisabled();
    expect(sent).toEqual([{ caseId: 10001, availableTimes: '星期一至三 晚上' }]);
  });

  it('tells a tutor who does not teach the case before they tap apply, with their subjects a tap away', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    let subjects = ['小學 數學'];
    server.use(http.get('*/tutors/:id', () => HttpResponse.json(makeTutor({ id: activeTutor.id, subjects }))));
    const { unmount } = renderWithProviders(
      <CaseApplyAction item={makeCase({ level: 'secondary', subjects: ['數學'] })} />,
    );
    expect(await screen.findByText('你未有登記教授任何中學科目，不可申請這個個案')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的任教科目' })).toHaveAttribute('href', `/tutor/${activeTutor.id}`);
    expect(screen.queryByRole('button', { name: '申請' })).not.toBeInTheDocument();
    unmount();

    // The level, but none of a case's subjects there: each is named. One of them is enough.
    subjects = ['中學 物理', '中學 英文'];
    renderWithProviders(
      <>
        <CaseApplyAction item={makeCase({ caseId: 1, level: 'secondary', subjects: ['數學', '中文'] })} />
        <CaseApplyAction item={makeCase({ caseId: 2, level: 'secondary', subjects: ['數學', '英文'] })} />
      </>,
    );
    expect(await screen.findByText('你未有登記教授「中學 數學」或「中學 中文」，不可申請這個個案')).toBeInTheDocument();
    expect(screen.getAllByTestId('not-taught')).toHaveLength(1);
    expect(screen.getByRole('form', { name: '申請個案編號 2' })).toBeInTheDocument();
  });

  it('matches a typed tertiary subject leniently, as the server does', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    server.use(
      http.get('*/tutors/:id', () =>
        HttpResponse.json(makeTutor({ id: activeTutor.id, subjects: ['大學或以上 Statistics'] })),
      ),
    );
    renderWithProviders(
      <>
        <CaseApplyAction item={makeCase({ caseId: 1, level: 'tertiary', subjects: ['會計學'] })} />
        <CaseApplyAction item={makeCase({ caseId: 2, level: 'tertiary', subjects: ['statistics 101'] })} />
      </>,
    );
    expect(await screen.findByText('你未有登記教授「大學或以上 會計學」，不可申請這個個案')).toBeInTheDocument();
    expect(screen.getAllByTestId('not-taught')).toHaveLength(1);
    expect(screen.getByRole('form', { name: '申請個案編號 2' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when it knows better than the page', async () => {
    window.localStorage.setItem('accountMode', 'tutor');
    loggedInAs(activeTutor);
    appliedList([]);
    server.use(
      http.post('*/cases/apply', () =>
        HttpResponse.json(
          { code: 'OUTSIDE_TEACHING', error: '你未有登記教授「中學 數學」，不可申請這個個案' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CaseApplyAction item={makeCase()} />);
    await user.type(await screen.findByRole('textbox', { name: '可上堂時間' }), '週末');
    await user.click(screen.getByRole('button', { name: '申請' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('你未有登記教授「中學 數學」，不可申請這個個案');
  });
});
