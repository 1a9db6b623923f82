import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApplicantBody } from '@/api/generated/model';
import { makeCase } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs } from '@/testing/session';
import { ApplicantList } from './ApplicantList';

function applicant(id: string, name: string, overrides: Partial<ApplicantBody>): ApplicantBody {
  return {
    id,
    caseId: 10234,
    availableTimes: '星期六下午',
    status: 'applied',
    createdAt: '2026-11-21T10:00:00Z',
    tutor: { id: `tutor-${id}`, userId: 2001, name },
    fit: 'full',
    fitGaps: [],
    ...overrides,
  };
}

describe('the applicants of an owner’s case (issue 34)', () => {
  it('keeps the server’s order, those who fit first, and names each mismatch plainly', async () => {
    loggedInAs();
    server.use(
      http.get('*/cases/10234/applications', () =>
        HttpResponse.json({
          case: makeCase({ caseId: 10234 }),
          offerHours: 24,
          items: [
            applicant('a1', '何老師', {}),
            applicant('a2', '張老師', { fit: 'partial', fitGaps: ['district', 'fee'] }),
            applicant('a3', '黃老師', { fit: 'outside', fitGaps: ['subject'] }),
          ],
        }),
      ),
    );
    renderWithProviders(<ApplicantList caseId={10234} canChoose onChosen={() => {}} />);
    const cards = await screen.findAllByTestId('applicant');
    expect(cards.map((card) => within(card).getByText(/老師$/).textContent)).toEqual(['何老師', '張老師', '黃老師']);
    const [full, partial, outside] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(full).getByRole('group', { name: '與個案的配合' })).toHaveTextContent('科目、地區及學費吻合');
    const gaps = within(partial).getByRole('group', { name: '與個案的配合' });
    expect(within(gaps).getByText('不在其教授地區')).toBeInTheDocument();
    expect(within(gaps).getByText('要求學費高於個案')).toBeInTheDocument();
    expect(within(partial).queryByText('科目、地區及學費吻合')).not.toBeInTheDocument();
    expect(within(outside).getByText('未有教授這個科目')).toBeInTheDocument();
    // The owner may still choose any of them: the fit informs, it does not decide.
    expect(within(outside).getByRole('button', { name: '選擇此導師' })).toBeEnabled();
  });
});
