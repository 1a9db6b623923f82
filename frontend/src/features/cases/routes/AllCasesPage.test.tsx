import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { setViewportWidth } from '@/testing/viewport';

describe('/all-cases', () => {
  it('shows a table of 20 cases with the spec columns on a wide screen', async () => {
    renderRoute('/all-cases');
    const table = await screen.findByRole('table', { name: '補習個案列表' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['個案編號', '科目', '地點', '每堂學費', '刊登時間', '申請']);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('link', { name: /登入後申請/ })[0]).toHaveAttribute(
      'href',
      '/login-or-register?next=%2Fall-cases',
    );
    expect(screen.getByText('共 45 個補習個案')).toBeInTheDocument();
  });

  it('shows cards instead of a table on a phone', async () => {
    setViewportWidth(375);
    renderRoute('/all-cases');
    const list = await screen.findByRole('list', { name: '補習個案' });
    expect(within(list).getAllByTestId('case-card')).toHaveLength(20);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('folds the filters away on a phone until asked for', async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    renderRoute('/all-cases?minRate=300');
    await screen.findAllByTestId('case-card');
    const toggle = screen.getByRole('button', { name: '篩選條件（1）' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: '最低每堂學費' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('textbox', { name: '最低每堂學費' })).toHaveValue('300');
  });

  it('switches between table and cards when the width crosses the breakpoint', async () => {
    renderRoute('/all-cases');
    await screen.findByRole('table');
    act(() => setViewportWidth(375));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('case-card')).toHaveLength(20);
  });

  it('reads filters and page from the URL and asks the server with them', async () => {
    const asked: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/cases') asked.push(url.searchParams);
    });
    renderRoute('/all-cases?region=%E4%B9%9D%E9%BE%8D&districts=%E8%A7%80%E5%A1%98%E5%8D%80&minRate=300&page=1');
    await screen.findByRole('table');
    const query = asked.at(-1)!;
    expect(query.get('region')).toBe('九龍');
    expect(query.getAll('districts')).toEqual(['觀塘區']);
    expect(query.get('minRate')).toBe('300');
    expect(query.get('pageSize')).toBe('20');
  });

  it('applies the minimum fee on 搜尋 and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/all-cases');
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: '最低每堂學費' }), '400');
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minRate=400'));
    await waitFor(() => expect(screen.queryByText('共 45 個補習個案')).not.toBeInTheDocument());
    const rates = screen.getAllByTestId('case-row').map((row) =>
      Number(
        within(row)
          .getByText(/^HK\$/)
          .textContent!.replace(/[^\d.]/g, ''),
      ),
    );
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.every((rate) => rate >= 400)).toBe(true);
  });

  it('changing the region clears the chosen districts', async () => {
    const user = userEvent.setup();
    renderRoute('/all-cases?region=%E4%B9%9D%E9%BE%8D&districts=%E8%A7%80%E5%A1%98%E5%8D%80');
    await screen.findByRole('table');
    const districts = screen.getByRole('combobox', { name: '地區' });
    await waitFor(() => expect(districts).toHaveTextContent('觀塘區'));
    await user.selectOptions(screen.getByRole('combobox', { name: '區域' }), '香港島');
    expect(districts).not.toHaveTextContent('觀塘區');
  });

  it('goes to page 2 through the pagination', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/all-cases');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: '第 2 頁' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '第 2 頁' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('says 暫時未有補習個案 when there are none', async () => {
    server.use(http.get('*/cases', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })));
    renderRoute('/all-cases');
    expect(await screen.findByText('暫時未有補習個案')).toBeInTheDocument();
  });

  it("shows the server's error text in an error banner", async () => {
    server.use(
      http.get('*/cases', () =>
        HttpResponse.json({ code: 'INTERNAL', error: '系統繁忙，請稍後再試。' }, { status: 500 }),
      ),
    );
    renderRoute('/all-cases');
    expect(await screen.findByRole('alert')).toHaveTextContent('系統繁忙，請稍後再試。');
  });
});
