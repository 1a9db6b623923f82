import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeTutor } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { TutorSearchPanel } from './TutorSearchPanel';

/* What every board's search panel does is tested once, in components/SearchPanel.test.tsx; here,
 * the tutor directory's own part: its query string, GET /tutors' query, its fields and cards. */

/** The searches GET /tutors received (not the widenings' counts, pages of one); every answer is
 * an empty page. */
function askedTutors(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/tutors', ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('pageSize') !== '1') asked.push(params);
      return HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 12 });
    }),
  );
  return asked;
}

describe('home tutor search (找導師)', () => {
  it('keeps the search in the URL: filters and page come back on a reload or a shared link', async () => {
    const asked = askedTutors();
    const { router } = renderRoutes(
      [{ path: '*', element: <TutorSearchPanel /> }],
      '/?region=九龍&minRate=250&q=IB&page=2',
    );
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('2'));
    expect([asked.at(-1)?.get('region'), asked.at(-1)?.get('minRate'), asked.at(-1)?.get('q')]).toEqual([
      '九龍',
      '250',
      'IB',
    ]);
    expect(screen.getByRole('searchbox', { name: '關鍵字' })).toHaveValue('IB');
    expect(screen.getByRole('textbox', { name: '最低每堂學費' })).toHaveValue('250');

    const user = userEvent.setup();
    await user.clear(screen.getByRole('searchbox', { name: '關鍵字' }));
    await user.type(screen.getByRole('searchbox', { name: '關鍵字' }), 'DSE');
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    await waitFor(() => expect(router.state.location.search).toBe('?region=%E4%B9%9D%E9%BE%8D&q=DSE&minRate=250'));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('DSE'));
    expect(asked.at(-1)?.get('page')).toBe('1');
  });

  it('asks GET /tutors for the chosen subject and area and shows the tutors as cards, the words marked', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/tutors', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        const tutors = [makeTutor(), makeTutor({ id: 'b', userId: 2048, name: '陳老師' })];
        return HttpResponse.json({ items: tutors, total: 30, page: 1, pageSize: 12 });
      }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '*', element: <TutorSearchPanel /> }], '/');
    const level = screen.getByRole('combobox', { name: '教育程度' });
    await waitFor(() => expect(within(level).getByRole('option', { name: '中學' })).toBeInTheDocument());
    await user.selectOptions(level, 'secondary');
    await user.selectOptions(screen.getByRole('combobox', { name: '科目' }), '數學');
    await user.selectOptions(screen.getByRole('combobox', { name: '區域' }), '九龍');
    await user.selectOptions(screen.getByRole('combobox', { name: '地點' }), '藍田');
    await user.type(screen.getByRole('searchbox', { name: '關鍵字' }), '黃');
    await user.click(screen.getByRole('button', { name: '搜尋' }));

    const results = await screen.findByRole('list', { name: '導師搜尋結果' });
    expect(asked.at(-1)?.toString()).toBe(
      new URLSearchParams({
        page: '1',
        pageSize: '12',
        level: 'secondary',
        subjects: '數學',
        region: '九龍',
        areas: '藍田',
        q: '黃',
      }).toString(),
    );
    const cards = within(results).getAllByTestId('tutor-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('黃', { selector: 'mark' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: '查看詳情：陳老師' })).toHaveAttribute('href', '/tutor/2048');
    expect(screen.getByText('共找到 30 位導師')).toBeInTheDocument();
    // Thirty tutors, twelve a page.
    expect(screen.getByRole('button', { name: '第 3 頁' })).toBeInTheDocument();
  });

  it('finding nothing, offers the filter whose removal finds tutors, with their count, in one tap', async () => {
    // Nobody under HK$100; five tutors teach secondary maths at any fee.
    server.use(
      http.get('*/tutors', ({ request }) => {
        const total = new URL(request.url).searchParams.get('maxRate') ? 0 : 5;
        return HttpResponse.json({ items: [], total, page: 1, pageSize: 12 });
      }),
    );
    const { router } = renderRoutes(
      [{ path: '*', element: <TutorSearchPanel /> }],
      '/?level=secondary&subject=%E6%95%B8%E5%AD%B8&maxRate=100',
    );
    await screen.findByText('沒有找到符合條件的導師');
    const widen = await screen.findByRole('button', { name: '取消「最高每堂學費」・共找到 5 位導師' });
    expect(screen.queryByRole('button', { name: /取消「科目」/ })).toBeNull();
    await userEvent.setup().click(widen);
    await waitFor(() => expect(router.state.location.search).not.toContain('maxRate'));
    expect(router.state.location.search).toContain('level=secondary');
  });
});
