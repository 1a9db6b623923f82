import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SavedSearchBody } from '@/api/generated/model';
import { makeCase } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';

const maths: SavedSearchBody = {
  searchId: 4,
  summary: '中學・數學・觀塘區',
  level: 'secondary',
  grades: [],
  subjects: ['數學'],
  districts: ['觀塘區'],
  areas: [],
  keywords: '',
  channel: 'sms',
  createdAt: '2026-11-20T00:00:00Z',
};

/** The server's saved searches, which PUT and DELETE change as the server would. */
function serve(items: SavedSearchBody[]) {
  const sent: unknown[] = [];
  let list = items;
  server.use(
    // The case cards ask which cases the tutor applied to.
    http.get('*/cases/applied', () => HttpResponse.json({ items: [] })),
    http.get('*/alerts', () =>
      HttpResponse.json({
        items: list,
        max: 10,
        recentMatches: [
          { searchId: 4, matchedAt: '2026-11-21T00:00:00Z', case: makeCase({ caseId: 10007, postTitle: '中三數學' }) },
        ],
      }),
    ),
    http.put('*/alerts/:id', async ({ request, params }) => {
      const body = (await request.json()) as SavedSearchBody;
      sent.push({ put: params.id, ...body });
      list = list.map((s) => (s.searchId === Number(params.id) ? { ...s, channel: body.channel } : s));
      return HttpResponse.json(list[0]);
    }),
    http.delete('*/alerts/:id', ({ params }) => {
      sent.push({ delete: params.id });
      list = list.filter((s) => s.searchId !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('/my-alerts', () => {
  it('lists the saved searches and what they matched; changes a channel and deletes a search', async () => {
    loggedInAs(makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    const sent = serve([maths]);
    renderRoute('/my-alerts');
    const card = await screen.findByTestId('saved-search');
    expect(within(card).getByRole('heading', { name: '中學・數學・觀塘區' })).toBeInTheDocument();
    expect(screen.getByText('中三數學')).toBeInTheDocument();

    await userEvent.selectOptions(
      within(card).getByRole('combobox', { name: '「中學・數學・觀塘區」的通知方式' }),
      'email',
    );
    await waitFor(() => expect(within(card).getByText('電郵', { selector: '.fui-Badge' })).toBeInTheDocument());
    expect(sent[0]).toMatchObject({ put: '4', channel: 'email', subjects: ['數學'], districts: ['觀塘區'] });

    await userEvent.click(within(card).getByRole('button', { name: '刪除「中學・數學・觀塘區」' }));
    expect(await screen.findByText('已刪除，不會再收到這個搜尋的通知。')).toBeInTheDocument();
    expect(await screen.findByText('你未有儲存的搜尋')).toBeInTheDocument();
    expect(sent[1]).toEqual({ delete: '4' });
  });
});
