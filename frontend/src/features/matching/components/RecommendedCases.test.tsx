import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeCase } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { RecommendedCases, fitLine } from './RecommendedCases';

const activeTutor = makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true, name: '黃老師' });

/** A tutor in tutor mode who has applied to nothing yet (each card's apply action asks). */
function tutorInTutorMode() {
  window.localStorage.setItem('accountMode', 'tutor');
  loggedInAs(activeTutor);
  server.use(http.get('*/cases/applied', () => HttpResponse.json({ items: [] })));
}

describe('為你推薦的個案', () => {
  it('lists the best-fitting cases for a tutor in tutor mode, each saying why', async () => {
    tutorInTutorMode();
    server.use(
      http.get('*/cases/recommended', () =>
        HttpResponse.json({
          items: [
            {
              case: makeCase({ id: 'case-7', caseId: 10007, postTitle: '中四物理' }),
              score: 90,
              reasons: ['subject', 'district', 'fee'],
            },
            {
              case: makeCase({ id: 'case-3', caseId: 10003, postTitle: '中三化學' }),
              score: 25,
              reasons: ['level', 'region'],
            },
          ],
        }),
      ),
    );
    renderWithProviders(<RecommendedCases />);
    const list = await screen.findByRole('list', { name: '為你推薦的個案' });
    const [best, next] = within(list).getAllByTestId('case-card') as [HTMLElement, HTMLElement];
    expect(within(best).getByText('中四物理')).toBeInTheDocument();
    expect(within(best).getByTestId('case-note')).toHaveTextContent('科目、地區、學費吻合');
    expect(within(next).getByTestId('case-note')).toHaveTextContent('教育程度、區域吻合');
  });

  it('says how to get more when nothing fits', async () => {
    tutorInTutorMode();
    renderWithProviders(<RecommendedCases />);
    expect(
      await screen.findByText('暫時未有合適的個案。加入更多任教科目或授課地區，可配對更多個案。'),
    ).toBeInTheDocument();
  });

  it('is not there for a parent, and asks nothing', async () => {
    loggedInAs(makeCurrentUser());
    server.use(
      http.get('*/cases/recommended', () => {
        throw new Error('asked for a parent');
      }),
    );
    renderWithProviders(<RecommendedCases />);
    expect(screen.queryByRole('heading', { name: '為你推薦的個案' })).not.toBeInTheDocument();
    expect(fitLine(['gender'])).toBe('性別要求吻合');
  });
});
