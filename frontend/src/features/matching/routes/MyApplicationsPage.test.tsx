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

/** An offer of HK$350 a lesson waiting for the tutor's answer. */
const offer = {
  id: 'o1',
  feePerLesson: 350,
  status: 'open',
  createdAt: '2026-11-27T10:00:00Z',
  expiresAt: '2026-11-28T10:00:00Z',
} as const;

/** Picks 15 January next year as the first lesson's date in the offer's answer. */
async function pickFirstLessonDate(user: ReturnType<typeof userEvent.setup>, answer: HTMLElement): Promise<string> {
  const date = within(answer).getByRole('group', { name: '第一堂日期' });
  const next = String(new Date().getFullYear() + 1);
  await user.selectOptions(within(date).getByRole('combobox', { name: '年' }), next);
  await user.selectOptions(within(date).getByRole('combobox', { name: '月' }), '01');
  await user.selectOptions(within(date).getByRole('combobox', { name: '日' }), '15');
  return next;
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

  it('shows an offer’s terms and deadline; confirming needs the first lesson and then shows the owner’s phone', async () => {
    loggedInAs(tutor);
    let confirmed: unknown;
    serveApplications(() =>
      confirmed
        ? [
            {
              ...application('a1', 10234, 'selected'),
              offer: { ...offer, status: 'confirmed', firstLessonAt: '2026-12-01T11:00:00Z' },
              ownerContact: { name: '陳太', phone: '+85291234567' },
            },
          ]
        : [{ ...application('a1', 10234, 'offered'), offer }],
    );
    server.use(
      http.post('*/cases/applied/a1/confirm', async ({ request }) => {
        confirmed = await request.json();
        return HttpResponse.json({ ...offer, status: 'confirmed' });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/my-applications');
    const card = (await screen.findByTestId('my-application')) as HTMLElement;
    const answer = within(card).getByRole('region', { name: '家長選擇了你！請確認是否接受這個個案' });
    expect(within(answer).getByText('HK$350')).toBeInTheDocument();
    expect(within(answer).getByText(/請於 2026年11月28日 18:00 前回覆/)).toBeInTheDocument();
    expect(within(card).queryByText(/9123 4567/)).not.toBeInTheDocument();
    // Without a date it asks for one, and sends nothing.
    await user.click(within(answer).getByRole('button', { name: '確認接受' }));
    expect(within(answer).getByText('請填寫第一堂日期及時間')).toBeInTheDocument();
    expect(confirmed).toBeUndefined();
    const next = await pickFirstLessonDate(user, answer);
    await user.selectOptions(within(answer).getByRole('combobox', { name: '第一堂時間' }), '18:30');
    await user.click(within(answer).getByRole('button', { name: '確認接受' }));
    await waitFor(() => expect(confirmed).toEqual({ firstLessonAt: `${next}-01-15T18:30:00+08:00` }));
    expect(await within(card).findByText('陳太：9123 4567')).toBeInTheDocument();
    expect(within(card).getByText('議定學費：每堂 HK$350・第一堂：2026年12月1日 19:00')).toBeInTheDocument();
  });

  it('states the service fee at the agreed fee before confirming, and the way to pay an overdue one the server refuses for', async () => {
    loggedInAs(tutor);
    const serviceFee = {
      amountCents: 140_000,
      feePerLessonCents: 35_000,
      lessonsPerWeek: 2,
      shareWeeks: 4,
      sharePercent: 50,
    };
    serveApplications(() => [{ ...application('a1', 10234, 'offered'), offer, serviceFee }]);
    server.use(
      http.post('*/cases/applied/a1/confirm', () =>
        HttpResponse.json(
          { code: 'INVOICE_OVERDUE', error: '你的服務費發票 INV-2026-000007 逾期未繳，繳清前不能確認配對' },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/my-applications');
    const card = (await screen.findByTestId('my-application')) as HTMLElement;
    const answer = within(card).getByRole('region', { name: '家長選擇了你！請確認是否接受這個個案' });
    const fee = within(answer).getByRole('region', { name: '確認後須繳付的服務費' });
    expect(within(fee).getByText('服務費 HK$1,400')).toBeInTheDocument();
    expect(within(fee).getByText('每堂學費 HK$350 × 每週 2 堂 × 4 星期 ÷ 2 = HK$1,400')).toBeInTheDocument();
    // Stated before the button that commits to it.
    const confirm = within(answer).getByRole('button', { name: '確認接受' });
    expect(fee.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await pickFirstLessonDate(user, answer);
    await user.click(confirm);
    expect(
      await within(answer).findByText('你的服務費發票 INV-2026-000007 逾期未繳，繳清前不能確認配對'),
    ).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: '前往「我的發票」繳付服務費' })).toHaveAttribute(
      'href',
      '/my-invoices/INV-2026-000007',
    );
  });

  it('declines an offer after asking, and says what became of each ended application', async () => {
    loggedInAs(tutor);
    let declined = false;
    serveApplications(() => [
      declined
        ? { ...application('a1', 10234, 'refused'), offer: { ...offer, status: 'declined' } }
        : { ...application('a1', 10234, 'offered'), offer },
      application('a2', 10235, 'declined'),
      { ...application('a3', 10236, 'lapsed'), offer: { ...offer, status: 'lapsed' } },
    ]);
    server.use(
      http.post('*/cases/applied/a1/decline', () => {
        declined = true;
        return HttpResponse.json({ ...offer, status: 'declined' });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/my-applications');
    const [first, second, third] = (await screen.findAllByTestId('my-application')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(second).getByText('家長已選擇其他導師，多謝你的申請。')).toBeInTheDocument();
    expect(within(third).getByText('邀約已逾時，個案已重新開放給其他導師。')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: '婉拒' }));
    const dialog = (await screen.findByText('婉拒這個邀約？')).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: '確定婉拒' }));
    expect(await within(first).findByText('你已婉拒這個邀約。')).toBeInTheDocument();
    expect(declined).toBe(true);
  });

  it('keeps the lesson record one tap away after the match ended', async () => {
    loggedInAs(tutor);
    const offer = {
      id: 'o9',
      feePerLesson: 350,
      status: 'confirmed',
      createdAt: '2026-11-20T10:00:00Z',
      expiresAt: '2026-11-21T10:00:00Z',
    } as const;
    serveApplications(() => [{ ...application('a9', 10239, 'ended'), offer }]);
    renderRoute('/my-applications');
    const card = (await screen.findByTestId('my-application')) as HTMLElement;
    expect(within(card).getByText('這個配對已結束，個案已重新開放給其他導師。')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '課堂紀錄' })).toHaveAttribute('href', '/lesson-record/o9');
  });
});
