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
  stopped: true,
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
      if (body.keywords.split(' ').length > 5) {
        return HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            error: '輸入資料有誤',
            errors: [{ field: 'keywords', message: '關鍵字最多 5 個' }],
          },
          { status: 400 },
        );
      }
      list = list.map((s) =>
        s.searchId === Number(params.id) ? { ...s, channel: body.channel, keywords: body.keywords } : s,
      );
      return HttpResponse.json(list[0]);
    }),
    http.post('*/alerts/:id/resume', ({ params }) => {
      sent.push({ resume: params.id });
      list = list.map((s) => (s.searchId === Number(params.id) ? { ...s, stopped: false } : s));
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
  it('lists the saved searches and what they matched; edits keywords and channel, resumes and deletes', async () => {
    loggedInAs(makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    const sent = serve([maths]);
    renderRoute('/my-alerts');
    const card = await screen.findByTestId('saved-search');
    expect(within(card).getByRole('heading', { name: '中學・數學・觀塘區' })).toBeInTheDocument();
    expect(within(card).getByText('已停止通知')).toBeInTheDocument();
    expect(screen.getByText('中三數學')).toBeInTheDocument();

    const keywords = within(card).getByRole('textbox', { name: /的關鍵字/ });
    await userEvent.type(keywords, 'a b c d e f');
    await userEvent.click(within(card).getByRole('button', { name: '更新關鍵字' }));
    expect(await within(card).findByText('關鍵字最多 5 個')).toBeInTheDocument();
    // Each error once: under the keywords, not again in the page's banner.
    expect(screen.queryByText('輸入資料有誤')).not.toBeInTheDocument();
    await userEvent.clear(keywords);
    await userEvent.type(keywords, 'DSE');
    await userEvent.click(within(card).getByRole('button', { name: '更新關鍵字' }));
    expect(await screen.findByText('已更新。')).toBeInTheDocument();

    const channel = within(card).getByRole('combobox', { name: '「中學・數學・觀塘區」的通知方式' });
    await userEvent.selectOptions(channel, 'email');
    await waitFor(() => expect(channel).toHaveValue('email'));
    expect(sent.at(-1)).toMatchObject({ put: '4', channel: 'email', keywords: 'DSE', subjects: ['數學'] });

    await userEvent.click(within(card).getByRole('button', { name: '恢復通知' }));
    expect(await screen.findByText('已恢復通知。')).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('已停止通知')).not.toBeInTheDocument());

    await userEvent.click(within(card).getByRole('button', { name: '刪除「中學・數學・觀塘區」' }));
    expect(await screen.findByText('已刪除，不會再收到這個搜尋的通知。')).toBeInTheDocument();
    expect(await screen.findByText('你未有儲存的搜尋')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ delete: '4' });
  });
});
