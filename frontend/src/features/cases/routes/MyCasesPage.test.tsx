import { screen, within } from '@testing-library/react';
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
    expect(screen.queryByText(/5000 0001/)).not.toBeInTheDocument();
    await user.click(within(firstApplicant).getByRole('button', { name: '選擇此導師' }));
    expect(await screen.findByText(/5000 0001/)).toBeInTheDocument();
    expect(await within(firstCard).findByText('已配對')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '選擇此導師' })).not.toBeInTheDocument();
  });
});
