import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppliedCaseBody } from '@/api/generated/model';
import { makeCase } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';

function application(id: string, caseId: number, status: string): AppliedCaseBody {
  return { id, caseId, availableTimes: '星期六下午', status, createdAt: '2026-11-21T10:00:00Z', case: makeCase({ caseId, id: `case-${caseId}` }) };
}

function serveApplications(items: () => AppliedCaseBody[]) {
  server.use(http.get('*/cases/applied', () => HttpResponse.json({ items: items() })));
}

/**
 * The confirmation, found by its title: role queries over the whole page are slow in jsdom.
 * Fluent's focus manager keeps a modal aria-hidden until focus has moved into it, which happens
 * on a timer that a busy machine delays; wait for that so the buttons are reachable by role.
 */
async function confirmation(): Promise<HTMLElement> {
  const dialog = (await screen.findByText('撤回申請？')).closest('[role="dialog"]') as HTMLElement;
  await waitFor(() => expect(dialog).not.toHaveAttribute('aria-hidden'));
  return dialog;
}

const tutor = makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true });

describe('/my-applications', () => {
  it('withdraws an open application after confirming, then shows 已撤回', async () => {
    loggedInAs(tutor);
    let status = 'applied';
    const withdrawn: string[] = [];
    serveApplications(() => [application('a1', 10234, status), application('a2', 10235, 'selected')]);
    server.use(
      http.post('*/cases/applied/:id/withdraw', ({ params }) => {
        withdrawn.push(String(params.id));
        status = 'withdrawn';
        return HttpResponse.json({ ...application('a1', 10234, 'withdrawn'), case: undefined });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/my-applications');
    const [open, selected] = (await screen.findAllByTestId('my-application')) as [HTMLElement, HTMLElement];
    // Only an open application can be withdrawn.
    expect(within(selected).queryByRole('button', { name: '撤回申請' })).not.toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: '撤回申請' }));
    const dialog = await confirmation();
    expect(dialog).toHaveTextContent('個案編號 10234');
    await user.click(within(dialog).getByRole('button', { name: '暫不撤回' }));
    await waitFor(() => expect(screen.queryByText('撤回申請？')).not.toBeInTheDocument());
    expect(withdrawn).toEqual([]);

    await user.click(within(open).getByRole('button', { name: '撤回申請' }));
    await user.click(within(await confirmation()).getByRole('button', { name: '確定撤回' }));
    expect(await within(open).findByText('已撤回')).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: '撤回申請' })).not.toBeInTheDocument();
    expect(withdrawn).toEqual(['a1']);
  });

  it('shows the server’s message in the red banner when withdrawing is refused', async () => {
    loggedInAs(tutor);
    serveApplications(() => [application('a1', 10234, 'applied')]);
    server.use(
      http.post('*/cases/applied/:id/withdraw', () =>
        HttpResponse.json({ code: 'ILLEGAL_TRANSITION', error: '申請狀態為「已獲選」，不能撤回' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/my-applications');
    const [card] = (await screen.findAllByTestId('my-application')) as [HTMLElement];
    await user.click(within(card).getByRole('button', { name: '撤回申請' }));
    await user.click(within(await confirmation()).getByRole('button', { name: '確定撤回' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('申請狀態為「已獲選」，不能撤回');
  });
});
