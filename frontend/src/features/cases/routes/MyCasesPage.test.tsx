import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApplicantBody } from '@/api/generated/model';
import { makeCase } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs } from '@/testing/session';

function applicant(id: string, name: string, overrides: Partial<ApplicantBody> = {}): ApplicantBody {
  return {
    id,
    caseId: 10234,
    availableTimes: `${name}：星期六下午`,
    status: 'applied',
    createdAt: '2026-11-21T10:00:00Z',
    tutor: { id: `tutor-${id}`, userId: 2001, name },
    fit: 'full',
    fitGaps: [],
    ...overrides,
  };
}

const offer = {
  id: 'o1',
  feePerLesson: 350,
  status: 'open',
  createdAt: '2026-11-27T10:00:00Z',
  expiresAt: '2026-11-28T10:00:00Z',
} as const;

/**
 * The confirmation dialog, found by its title: while Fluent's dialog animates open it is still
 * aria-hidden, so role queries miss it on a busy machine (the cause of an earlier flaky test).
 */
async function confirmation(): Promise<HTMLElement> {
  return (await screen.findByText('選擇黃老師？')).closest('[role="dialog"]') as HTMLElement;
}

describe('/my-cases', () => {
  it('lists the owner’s cases with status, edit link and applicants; choosing one offers it at one fee', async () => {
    loggedInAs();
    let matched = false;
    let offeredFee: unknown;
    server.use(
      http.get('*/cases/mine', () =>
        HttpResponse.json({
          items: [
            makeCase({ caseId: 10234, status: matched ? 'offered' : 'approved', applicantCount: 2 }),
            makeCase({ caseId: 10235, id: 'x', status: 'pending', applicantCount: 0 }),
          ],
          total: 2,
          page: 1,
          pageSize: 100,
        }),
      ),
      http.get('*/cases/10234/applications', () =>
        HttpResponse.json({
          case: makeCase({ caseId: 10234 }),
          offerHours: 24,
          items: matched
            ? [applicant('a1', '黃老師', { status: 'offered', offer }), applicant('a2', '何老師')]
            : [applicant('a1', '黃老師'), applicant('a2', '何老師')],
        }),
      ),
      http.get('*/tutors/tutor-a1', () =>
        HttpResponse.json({
          id: 'tutor-a1',
          name: '黃老師',
          rate: 350,
          education: '香港大學 數學系',
          subjects: ['中學 數學', '中學 物理'],
          location: '藍田',
          district: '觀塘區',
          teachingModeLabel: '一對一',
          teachingModes: [
            { key: 'one-to-one', label: '一對一' },
            { key: 'online', label: '視像補習' },
          ],
          teachingDistricts: ['觀塘區', '黃大仙區'],
        }),
      ),
      http.post('*/cases/10234/applications/a1/select', async ({ request }) => {
        matched = true;
        offeredFee = ((await request.json()) as { feePerLesson?: number }).feePerLesson;
        return HttpResponse.json(applicant('a1', '黃老師', { status: 'offered', offer }));
      }),
    );
    const user = userEvent.setup();
    renderRoute('/my-cases');
    const [firstCard, secondCard] = (await screen.findAllByTestId('my-case')) as [HTMLElement, HTMLElement];
    expect(within(firstCard).getByText('已批核')).toBeInTheDocument();
    expect(within(secondCard).getByText('審批中')).toBeInTheDocument();
    expect(within(firstCard).getByRole('link', { name: '修改' })).toHaveAttribute('href', '/post-case/10234');
    await user.click(within(firstCard).getByRole('button', { name: '2 位導師申請' }));
    const [firstApplicant] = (await within(firstCard).findAllByTestId('applicant')) as [HTMLElement];
    expect(within(firstApplicant).getByRole('link', { name: '查看導師資料' })).toHaveAttribute(
      'href',
      '/tutor/tutor-a1',
    );
    // What an owner compares, from the tutor's public profile.
    expect(await within(firstApplicant).findByText('每堂 HK$350')).toBeInTheDocument();
    expect(within(firstApplicant).getByText('香港大學 數學系')).toBeInTheDocument();
    expect(within(firstApplicant).getByText('中學 數學、中學 物理')).toBeInTheDocument();
    expect(within(firstApplicant).getByText('藍田・觀塘區')).toBeInTheDocument();
    expect(within(firstApplicant).getByText('一對一、視像補習')).toBeInTheDocument();
    expect(within(firstApplicant).getByText('觀塘區、黃大仙區')).toBeInTheDocument();
    expect(screen.queryByText(/5000 0001/)).not.toBeInTheDocument();

    // Choosing asks first, with the one fee to offer and what follows; 再考慮 changes nothing.
    await user.click(within(firstApplicant).getByRole('button', { name: '選擇此導師' }));
    const dialog = await confirmation();
    expect(within(dialog).getByText('你會以每堂 HK$300 邀請黃老師任教。')).toBeInTheDocument();
    expect(within(dialog).getByText(/須於 24 小時內確認/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '其他金額（介乎兩者之間）' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: '每堂學費（HK$）' }), '400');
    expect(within(dialog).getByText('請輸入 HK$300 至 HK$350 之間的金額')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '確認選擇' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '導師要求 HK$350' }));
    expect(within(dialog).getByText('你會以每堂 HK$350 邀請黃老師任教。')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '再考慮' }));
    await waitFor(() => expect(screen.queryByText('選擇黃老師？')).not.toBeInTheDocument());
    expect(matched).toBe(false);

    // The page is hidden from assistive technology while the dialog is open, and shown again a
    // moment after it closes (Fluent's focus manager updates aria-hidden 250 ms later).
    await user.click(await within(firstApplicant).findByRole('button', { name: '選擇此導師' }));
    const again = await confirmation();
    await user.click(within(again).getByRole('radio', { name: '導師要求 HK$350' }));
    await user.click(within(again).getByRole('button', { name: '確認選擇' }));
    // The tutor has a day to confirm; no phone until then, and no second choice meanwhile.
    expect(await screen.findByText(/已邀請這位導師，等待導師於 .+ 前確認/)).toBeInTheDocument();
    expect(offeredFee).toBe(350);
    expect(screen.queryByText(/5000 0001/)).not.toBeInTheDocument();
    // The case and the chosen applicant both wait for the tutor.
    await waitFor(() => expect(within(firstCard).getAllByText('待導師確認')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: '選擇此導師' })).not.toBeInTheDocument();
  });

  it('shows the matched tutor’s phone, the agreed fee and the first lesson once the tutor confirmed', async () => {
    loggedInAs();
    server.use(
      http.get('*/cases/mine', () =>
        HttpResponse.json({
          items: [makeCase({ caseId: 10234, status: 'matched', applicantCount: 2 })],
          total: 1,
          page: 1,
          pageSize: 100,
        }),
      ),
      http.get('*/cases/10234/applications', () =>
        HttpResponse.json({
          case: makeCase({ caseId: 10234, status: 'matched' }),
          offerHours: 24,
          items: [
            applicant('a1', '黃老師', {
              status: 'selected',
              offer: { ...offer, status: 'confirmed', firstLessonAt: '2026-12-01T11:00:00Z' },
              contact: { name: '黃老師', phone: '+85250000001' },
            }),
            applicant('a2', '何老師', { status: 'declined' }),
          ],
        }),
      ),
    );
    renderRoute('/my-cases');
    expect(await screen.findByText('黃老師：5000 0001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '致電黃老師' })).toHaveAttribute('href', 'tel:+85250000001');
    expect(screen.getByRole('link', { name: 'WhatsApp 黃老師' })).toHaveAttribute('href', 'https://wa.me/85250000001');
    expect(screen.getByText('議定學費：每堂 HK$350・第一堂：2026年12月1日 19:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '選擇此導師' })).not.toBeInTheDocument();
  });
});
