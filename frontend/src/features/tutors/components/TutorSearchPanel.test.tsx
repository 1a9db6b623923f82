import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { TutorSearchPanel } from './TutorSearchPanel';

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

    // Back returns to the search before, form and results alike.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('searchbox', { name: '關鍵字' })).toHaveValue('IB'));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('IB'));
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
