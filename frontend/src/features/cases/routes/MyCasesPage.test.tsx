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
    ...overrides,
  };
}

/**
 * The confirmation dialog, found by its title: while Fluent's dialog animates open it is still
 * aria-hidden, so role queries miss it on a busy machine (the cause of an earlier flaky test).
 */
async function confirmation(): Promise<HTMLElement> {
  return (await screen.findByText('選擇黃老師？')).closest('[role="dialog"]') as HTMLElement;
}

describe('/my-cases', () => {
  it('lists the owner’s cases with status, edit link and applicants; choosing one shows the phone', async () => {
    loggedInAs();
    let matched = false;
    server.use(
      http.get('*/cases/mine', () =>
        HttpResponse.json({
          items: [
            makeCase({ caseId: 10234, status: matched ? 'matched' : 'approved', applicantCount: 2 }),
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
          items: matched
            ? [
                applicant('a1', '黃老師', { status: 'selected', contact: { name: '黃老師', phone: '+85250000001' } }),
                applicant('a2', '何老師', { status: 'declined' }),
              ]
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
      http.post('*/cases/10234/applications/a1/select', () => {
        matched = true;
        return HttpResponse.json(
          applicant('a1', '黃老師', { status: 'selected', contact: { name: '黃老師', phone: '+85250000001' } }),
        );
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

    // Choosing asks first, with the fee and what follows; 再考慮 changes nothing.
    await user.click(within(firstApplicant).getByRole('button', { name: '選擇此導師' }));
    const dialog = await confirmation();
    expect(within(dialog).getByText('黃老師的學費為每堂 HK$350。')).toBeInTheDocument();
    expect(within(dialog).getByText(/此決定不能撤回/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '再考慮' }));
    await waitFor(() => expect(screen.queryByText('選擇黃老師？')).not.toBeInTheDocument());
    expect(matched).toBe(false);

    // The page is hidden from assistive technology while the dialog is open, and shown again a
    // moment after it closes (Fluent's focus manager updates aria-hidden 250 ms later).
    await user.click(await within(firstApplicant).findByRole('button', { name: '選擇此導師' }));
    await user.click(within(await confirmation()).getByRole('button', { name: '確認選擇' }));
    expect(await screen.findByText('黃老師：5000 0001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '致電黃老師' })).toHaveAttribute('href', 'tel:+85250000001');
    expect(screen.getByRole('link', { name: 'WhatsApp 黃老師' })).toHaveAttribute('href', 'https://wa.me/85250000001');
    expect(await within(firstCard).findByText('已配對')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '選擇此導師' })).not.toBeInTheDocument();
  });
});
