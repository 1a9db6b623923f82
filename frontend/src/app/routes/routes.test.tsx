import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeTutor } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';

describe('routes', () => {
  it('home shows the headline, the 搵導師 and 招學生 tabs and the latest public cases', async () => {
    renderRoute('/');
    expect(screen.getByRole('heading', { level: 1, name: '連繫家長、學生與導師的最佳平台' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: '搜尋類別' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(2);
    expect(within(tabs).getAllByRole('tab')[0]).toHaveAccessibleName('搵導師');
    expect(within(tabs).getByRole('tab', { name: '招學生' })).toBeInTheDocument();
    const latest = await screen.findByRole('list', { name: '最新補習個案' });
    expect(within(latest).getAllByTestId('case-card')).toHaveLength(6);
    expect(screen.getByRole('link', { name: '更多個案' })).toHaveAttribute('href', '/all-cases');
    // Parents come first: posting a case is one labelled tap, logged in or not.
    expect(screen.getByRole('link', { name: '免費刊登補習個案' })).toHaveAttribute('href', '/post-case');
  });

  it('top bar and footer link to the spec routes', async () => {
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: '服務條款' });
    expect(screen.getByRole('link', { name: 'tutorhub 香港補習配對平台 主頁' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '登入／註冊' })).toHaveAttribute('href', '/login-or-register');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/© 2025/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '服務條款' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: '私隱政策' })).toHaveAttribute('href', '/privacy');
  });

  it('terms state the spec constants', async () => {
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: '服務條款' })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text).toContain('年滿15歲');
    expect(text).toContain('中四');
    expect(text).toContain('港幣');
    expect(text).toContain('每月2%');
    expect(text).toContain('逾期超過10日');
    expect(text).toContain('10%的逾期罰款');
    expect(text).toContain('7日後生效');
  });

  it("terms state the service fee with the server's figures: how it is computed, when due, a short match, late charges and the restriction", async () => {
    server.use(
      http.get('*/fees/terms', () =>
        HttpResponse.json({
          shareWeeks: 4,
          sharePercent: 50,
          dueDays: 14,
          shortMatchDays: 21,
          interestBasisPointsPerMonth: 150,
          penaltyPercent: 12,
          penaltyDay: 15,
          remindDaysBefore: 2,
          remindOverdueDays: [3, 15],
        }),
      ),
    );
    renderRoute('/terms');
    const fees = await screen.findByRole('region', { name: '七、費用及付款' });
    await waitFor(() => expect(fees).toHaveTextContent('每月1.5%'));
    const text = fees.textContent ?? '';
    expect(text).toContain('首4星期學費的50%');
    expect(text).toContain('服務費為 HK$1,200');
    expect(text).toContain('發票發出後14日內');
    expect(text).toContain('第一堂起計21日內結束');
    expect(text).toContain('逾期本金 × 1.5% × 12 ÷ 365');
    expect(text).toContain('逾期超過14日');
    expect(text).toContain('12%的逾期罰款');
    expect(text).toContain('由逾期第15日起');
    expect(text).toContain('不能申請補習個案，亦不能確認配對');
    expect(text).toContain('逾期第3、15日');
    expect(text).not.toContain('每月2%');
  });

  it('the invoice pages are behind the login, and a tutor reaches them', async () => {
    const { router } = renderRoute('/my-invoices/INV-2026-000001/receipt');
    expect(router.state.location.pathname).toBe('/login-or-register');
    loggedInAs(makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    server.use(http.get('*/invoices', () => HttpResponse.json({ invoices: [], dueTodayCents: 0 })));
    renderRoute('/my-invoices');
    expect(await screen.findByRole('heading', { level: 1, name: '我的發票' })).toBeInTheDocument();
  });

  it('privacy names the ordinance and the support contacts', async () => {
    renderRoute('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: '私隱政策' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('香港法例第486章');
    expect(screen.getByRole('link', { name: '+852 3000 1234' })).toHaveAttribute('href', 'tel:+85230001234');
    expect(screen.getByRole('link', { name: 'support@tutorhub.hk' })).toHaveAttribute(
      'href',
      'mailto:support@tutorhub.hk',
    );
  });

  it("a tutor's profile has the bookings feature's booking box below it", async () => {
    const tutor = makeTutor({
      record: {
        matchedCases: 2,
        acceptedBookings: 5,
        memberSince: '2026-09-01T02:00:00Z',
        lessonsHeld: 14,
        undisputedPercent: 93,
      },
    });
    server.use(http.get(`*/tutors/${tutor.id}`, () => HttpResponse.json(tutor)));
    renderRoute(`/tutor/${tutor.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: '黃老師' })).toBeInTheDocument();
    // Trust signals: the review, what the application holds, the record, the fee per lesson.
    expect(screen.getByText('已審核導師・2026年10月批核')).toBeInTheDocument();
    expect(screen.getByText('3 年')).toBeInTheDocument();
    expect(screen.getByText('DSE 數學 5**')).toBeInTheDocument();
    expect(screen.getByText('重視理解')).toBeInTheDocument();
    expect(screen.getByLabelText('在 tutorhub 的紀錄')).toHaveTextContent(
      '成功配對 2 個個案・接受 5 次預約・已上 14 堂・93% 課堂紀錄無異議・2026年9月加入',
    );
    expect(screen.getAllByText('每堂 HK$300').length).toBeGreaterThan(0);
    const box = screen.getByTestId('booking-box');
    expect(within(box).getByRole('heading', { name: '預約導師' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: '開始預約' })).toBeInTheDocument();
  });

  it('an unknown route shows the not-found page with a link home', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: '找不到此頁' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回主頁' })).toHaveAttribute('href', '/');
  });
});
