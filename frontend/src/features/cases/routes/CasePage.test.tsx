import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CaseDetail } from '@/api/generated/model';
import { makeCase } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';

function serveCase(overrides: Partial<CaseDetail> = {}) {
  const detail: CaseDetail = {
    ...makeCase({
      caseId: 10234,
      postTitle: '中三數學補習，希望提升代數',
      applicantCount: 2,
      preferredGender: 'female',
    }),
    description: '學生代數較弱。\n希望逢星期六上堂。',
    mine: false,
    serviceFee: { amountCents: 120_000, feePerLessonCents: 30_000, lessonsPerWeek: 2, shareWeeks: 4, sharePercent: 50 },
    ...overrides,
  };
  server.use(http.get('*/cases/10234', () => HttpResponse.json(detail)));
  return detail;
}

describe('/case/{caseId}', () => {
  it('shows a visitor everything to decide on, the login to apply that comes back here, and sharing', async () => {
    serveCase();
    renderRoute('/case/10234');
    expect(await screen.findByRole('heading', { level: 1, name: '中三數學補習，希望提升代數' })).toBeInTheDocument();
    const facts = screen.getByLabelText('個案資料');
    for (const text of [
      '中三 數學',
      '藍田（觀塘區・九龍）',
      '每堂 HK$300',
      '每堂 90 分鐘・每週 2 堂',
      '女',
      '2 位導師已申請',
      '接受申請中',
    ]) {
      expect(within(facts).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(/學生代數較弱。\s*希望逢星期六上堂。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登入後申請個案編號 10234' })).toHaveAttribute(
      'href',
      '/login-or-register?next=%2Fcase%2F10234',
    );
    const whatsapp = screen.getByRole('link', { name: '用 WhatsApp 分享' });
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`中三數學補習，希望提升代數\n${window.location.origin}/case/10234`)}`,
    );
    expect(screen.queryByRole('link', { name: '修改個案' })).not.toBeInTheDocument();
  });

  it('states the service fee a match at its fee costs the tutor, how it is computed, and where the terms say so', async () => {
    serveCase();
    renderRoute('/case/10234');
    const fee = await screen.findByRole('region', { name: '獲配對後須繳付的服務費' });
    expect(within(fee).getByText('服務費 HK$1,200')).toBeInTheDocument();
    expect(within(fee).getByText('每堂學費 HK$300 × 每週 2 堂 × 4 星期 ÷ 2 = HK$1,200')).toBeInTheDocument();
    expect(within(fee).getByText(/首 4 星期學費的 50%/)).toBeInTheDocument();
    expect(within(fee).getByRole('link', { name: '服務費條款' })).toHaveAttribute('href', '/terms#fees');
  });

  it('copies the link and says so', async () => {
    serveCase();
    const user = userEvent.setup();
    renderRoute('/case/10234');
    await user.click(await screen.findByRole('button', { name: '複製連結' }));
    await waitFor(() => expect(screen.getByText('已複製連結')).toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/case/10234`);
  });

  it('shows the owner an edit link and the applicants instead of the apply action', async () => {
    loggedInAs(makeCurrentUser());
    serveCase({ mine: true });
    server.use(
      http.get('*/cases/10234/applications', () =>
        HttpResponse.json({
          case: makeCase({ caseId: 10234 }),
          offerHours: 24,
          items: [
            {
              id: 'a1',
              caseId: 10234,
              availableTimes: '星期六下午',
              status: 'applied',
              createdAt: '2026-11-21T10:00:00Z',
              tutor: { id: 'tutor-a1', userId: 2001, name: '黃老師' },
            },
          ],
        }),
      ),
    );
    renderRoute('/case/10234');
    expect(await screen.findByRole('link', { name: '修改個案' })).toHaveAttribute('href', '/post-case/10234');
    expect(await screen.findByText('黃老師')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '申請這個個案' })).not.toBeInTheDocument();
  });

  it('says a case is not there, for an unknown number and for a malformed one', async () => {
    server.use(
      http.get('*/cases/999', () =>
        HttpResponse.json({ code: 'NOT_FOUND', error: '找不到這個補習個案' }, { status: 404 }),
      ),
    );
    renderRoute('/case/999');
    expect(await screen.findByText('找不到這個補習個案')).toBeInTheDocument();
    renderRoute('/case/abc');
    expect(await screen.findAllByText('找不到這個補習個案')).toHaveLength(2);
  });
});
