import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppliedCaseBody, CaseApplicationStatus } from '@/api/generated/model';
import { makeCase } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';

function application(id: string, caseId: number, status: CaseApplicationStatus): AppliedCaseBody {
  return {
    id,
    caseId,
    availableTimes: '星期六下午',
    status,
    createdAt: '2026-11-21T10:00:00Z',
    case: makeCase({ caseId, id: `case-${caseId}` }),
  };
}

function serveApplications(items: () => AppliedCaseBody[]) {
  server.use(http.get('*/cases/applied', () => HttpResponse.json({ items: items() })));
}

/**
 * The confirmation's buttons. While it is open, the page behind it is hidden from assistive
 * technology (aria-hidden), and shown again a moment after it closes: Fluent's focus manager
 * updates aria-hidden 250 ms later, so a query of the page right after closing waits for it.
 */
async function confirmationButton(name: string): Promise<HTMLElement> {
  const dialog = (await screen.findByText('撤回申請？')).closest('[role="dialog"]') as HTMLElement;
  expect(dialog).toHaveTextContent('個案編號 10234');
  return within(dialog).getByRole('button', { name });
}

const tutor = makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true });

describe('/my-applications', () => {
  function serveWithdrawal(withdrawn: string[], onWithdraw: () => void) {
    server.use(
      http.post('*/cases/applied/:id/withdraw', ({ params }) => {
        withdrawn.push(String(params.id));
        onWithdraw();
        return HttpResponse.json({ ...application('a1', 10234, 'withdrawn'), case: undefined });
      }),
    );
  }

  it('offers withdrawing only for an open application, and 暫不撤回 withdraws nothing', async () => {
    loggedInAs(tutor);
    const withdrawn: string[] = [];
    serveApplications(() => [application('a1', 10234, 'applied'), application('a2', 10235, 'selected')]);
    serveWithdrawal(withdrawn, () => {});
    const user = userEvent.setup();
    renderRoute('/my-applications');
    const [open, selected] = (await screen.findAllByTestId('my-application')) as [HTMLElement, HTMLElement];
    expect(within(selected).queryByRole('button', { name: '撤回申請' })).not.toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: '撤回申請' }));
    await user.click(await confirmationButton('暫不撤回'));
    await waitFor(() => expect(screen.queryByText('撤回申請？')).not.toBeInTheDocument());
    expect(withdrawn).toEqual([]);
    expect(await within(open).findByRole('button', { name: '撤回申請' })).toBeInTheDocument();
  });

  it('withdraws an open application after confirming, then shows 已撤回', async () => {
    loggedInAs(tutor);
    let status: CaseApplicationStatus = 'applied';
    const withdrawn: string[] = [];
    serveApplications(() => [application('a1', 10234, status)]);
    serveWithdrawal(withdrawn, () => {
      status = 'withdrawn';
    });
    const user = userEvent.setup();
    renderRoute('/my-applications');
    const [open] = (await screen.findAllByTestId('my-application')) as [HTMLElement];

    await user.click(within(open).getByRole('button', { name: '撤回申請' }));
    await user.click(await confirmationButton('確定撤回'));
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
    await user.click(await confirmationButton('確定撤回'));
    expect(await screen.findByRole('alert')).toHaveTextContent('申請狀態為「已獲選」，不能撤回');
  });
});
