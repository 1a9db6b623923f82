import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { CaseSearchPanel } from './CaseSearchPanel';

/** The panel alone: applying (matching) and saving the search (alerts) are tested where they live;
 * what every board's search panel does, once, in components/SearchPanel.test.tsx. */
function Panel() {
  return <CaseSearchPanel applyAction={() => null} saveSearch={() => null} />;
}

async function renderPanel() {
  const user = userEvent.setup();
  renderWithProviders(<Panel />);
  const level = screen.getByRole('combobox', { name: '教育程度' });
  await waitFor(() => expect(within(level).getByRole('option', { name: '中學' })).toBeInTheDocument());
  return user;
}

describe('home case search (招學生)', () => {
  it('changing the level clears the grade and subject', async () => {
    const user = await renderPanel();
    await user.selectOptions(screen.getByRole('combobox', { name: '教育程度' }), 'secondary');
    await user.selectOptions(screen.getByRole('combobox', { name: '年級' }), '中三');
    await user.selectOptions(screen.getByRole('combobox', { name: '科目' }), '數學');
    await user.selectOptions(screen.getByRole('combobox', { name: '教育程度' }), 'primary');
    expect(screen.getByRole('combobox', { name: '年級' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: '科目' })).toHaveValue('');
  });

  it('changing the region clears the area', async () => {
    const user = await renderPanel();
    await user.selectOptions(screen.getByRole('combobox', { name: '區域' }), '九龍');
    await user.selectOptions(screen.getByRole('combobox', { name: '地點' }), '藍田');
    await user.selectOptions(screen.getByRole('combobox', { name: '區域' }), '香港島');
    expect(screen.getByRole('combobox', { name: '地點' })).toHaveValue('');
  });

  it('offers a free-text subject for a tertiary level', async () => {
    const user = await renderPanel();
    await user.selectOptions(screen.getByRole('combobox', { name: '教育程度' }), 'tertiary');
    expect(screen.getByRole('textbox', { name: '科目' })).toBeInTheDocument();
  });

  it('searches on the server with the chosen filters and shows the cases', async () => {
    const asked: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      // A page of one is a widening's count, asked after a search finding nothing.
      if (url.pathname === '/cases' && url.searchParams.get('pageSize') !== '1') asked.push(url.searchParams);
    });
    const user = await renderPanel();
    await user.selectOptions(screen.getByRole('combobox', { name: '區域' }), '九龍');
    await user.selectOptions(screen.getByRole('combobox', { name: '地點' }), '藍田');
    await user.type(screen.getByRole('textbox', { name: '最低每堂學費' }), '300');
    expect(asked).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    const results = await screen.findByRole('list', { name: '搜尋結果' });
    expect(asked.at(-1)?.toString()).toBe(
      new URLSearchParams({ page: '1', pageSize: '12', region: '九龍', areas: '藍田', minRate: '300' }).toString(),
    );
    for (const card of within(results).getAllByTestId('case-card')) {
      expect(card).toHaveTextContent('藍田');
    }
  });

  it('says so when nothing matches', async () => {
    server.use(http.get('*/cases', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 12 })));
    const user = await renderPanel();
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    expect(await screen.findByText('沒有找到符合條件的補習個案')).toBeInTheDocument();
  });

  it('shows the default failure text when the server gives none', async () => {
    server.use(http.get('*/cases', () => new HttpResponse(null, { status: 503 })));
    const user = await renderPanel();
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('搜尋補習個案失敗，請稍後再試。');
  });

  it('keeps the search in the URL: filters and page come back on a reload or a shared link', async () => {
    const asked: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      // A page of one is a widening's count, asked after a search finding nothing.
      if (url.pathname === '/cases' && url.searchParams.get('pageSize') !== '1') asked.push(url.searchParams);
    });
    const { router } = renderRoutes([{ path: '*', element: <Panel /> }], '/?tab=cases&region=九龍&minRate=300&page=2');
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('2'));
    expect(asked.at(-1)?.get('region')).toBe('九龍');
    expect(asked.at(-1)?.get('minRate')).toBe('300');
    expect(screen.getByRole('textbox', { name: '最低每堂學費' })).toHaveValue('300');

    // A new search starts again at page 1 and is written to the URL for the next reload.
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: '最低每堂學費' }));
    await user.type(screen.getByRole('textbox', { name: '最低每堂學費' }), '400');
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('minRate')).toBe('400'));
    const url = new URLSearchParams(router.state.location.search);
    expect([url.get('tab'), url.get('region'), url.get('page')]).toEqual(['cases', '九龍', null]);
  });

  it('searches the words in the URL at once, marks them in the cards, and a reset drops them', async () => {
    const asked: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      // A page of one is a widening's count, asked after a search finding nothing.
      if (url.pathname === '/cases' && url.searchParams.get('pageSize') !== '1') asked.push(url.searchParams);
    });
    const { router } = renderRoutes([{ path: '*', element: <Panel /> }], '/?tab=cases&q=數學');
    const results = await screen.findByRole('list', { name: '搜尋結果' });
    expect(asked.at(-1)?.get('q')).toBe('數學');
    expect(screen.getByRole('searchbox', { name: '關鍵字' })).toHaveValue('數學');
    const marks = within(results).getAllByText('數學', { selector: 'mark' });
    expect(marks.length).toBeGreaterThan(0);
    // A link to other words (the URL changes under the panel) searches those.
    await act(() => router.navigate('/?tab=cases&q=英文'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: '關鍵字' })).toHaveValue('英文'));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('英文'));
    await userEvent.setup().click(screen.getByRole('button', { name: '清除篩選' }));
    expect(router.state.location.search).toBe('?tab=cases');
  });
});
