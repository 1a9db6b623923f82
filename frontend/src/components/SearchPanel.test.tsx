import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FeeRangeFields } from '@/components/FeeRangeFields';
import { FilterSelect } from '@/components/FilterSelect';
import { SearchForm } from '@/components/SearchForm';
import { SearchPanel } from '@/components/SearchPanel';
import { useSearchListState } from '@/hooks/use-search-list-state';
import { lazy } from '@/lib/lazy';
import type { Paging, ResultPage, SearchBoard } from '@/lib/search-board';
import { commonQuery, readSearch, setCommonParams, type CommonFilters } from '@/lib/search-params';
import { widenerOf } from '@/lib/search-widening';
import { renderRoutes } from '@/testing/render';

/*
 * The search panel and its list state, once, on a made-up board: the case board and the tutor
 * directory only declare their codec, fields and cards (CaseSearchPanel.test.tsx and
 * TutorSearchPanel.test.tsx check those).
 */

type Sort = 'newest' | 'feeLow';
interface Filters extends CommonFilters<Sort> {
  region: string;
}
type Query = Paging & { region?: string } & ReturnType<typeof commonQuery<Sort>>;
interface Thing {
  id: string;
  name: string;
}

const empty: Filters = { region: '', q: '', minRate: '', maxRate: '', sort: '' };
const sorts: readonly Sort[] = ['newest', 'feeLow'];

/** The queries the made-up server was asked, and how it answers. */
const server = {
  asked: [] as Query[],
  answer: (_query: Query): ResultPage<Thing> => ({ items: [], total: 0 }),
};

async function fetchPage(query: Query): Promise<ResultPage<Thing>> {
  server.asked.push(query);
  return server.answer(query);
}

const board: SearchBoard<Filters, Sort, Query, Thing> = {
  empty,
  sorts,
  write: (filters, page) => {
    const params = new URLSearchParams();
    if (filters.region) params.set('region', filters.region);
    setCommonParams(params, filters, page);
    return params;
  },
  read: (params) => readSearch(params, sorts, { region: params.get('region') ?? '' }),
  toQuery: (filters, paging) => ({
    ...paging,
    ...(filters.region ? { region: filters.region } : {}),
    ...commonQuery(filters),
  }),
  usePage: (query, options) =>
    useSWR(options.swr.enabled ? ['things', JSON.stringify(query)] : null, () => fetchPage(query!)),
};

const widener = widenerOf({
  board: 'cases',
  droppable: (filters: Filters) => (filters.region ? ['region' as const] : []),
  labels: () => ({ region: 'Region' }),
  without: (filters: Filters) => ({ ...filters, region: '' }),
  codec: board,
  fetchPage,
});

const words = {
  resultsHeading: 'Things found',
  resultsCount: (total: number) => `${total} things`,
  empty: 'No things',
  emptyHint: 'Try fewer filters',
  failed: 'Could not search things',
};

/** The panel's results, drawn by `card` (a lazy one, like the tutor directory's, in a test). */
function Panel({ card = (item: Thing, marked: string[]) => `${item.name} [${marked.join(' ')}]` as ReactNode }) {
  const state = useSearchListState(board, { tab: 'things', pageSize: 2 });
  const { draft, setDraft } = state;
  const form = (
    <SearchForm filters={draft} onChange={setDraft} onSearch={state.search} onReset={state.reset} label="Find things">
      <FilterSelect
        label="Region"
        value={draft.region}
        options={[{ value: 'north', label: 'North' }]}
        onChange={(region) => setDraft({ ...draft, region })}
      />
      <FeeRangeFields
        minRate={draft.minRate}
        maxRate={draft.maxRate}
        onChange={(fees) => setDraft({ ...draft, ...fees })}
      />
    </SearchForm>
  );
  return (
    <SearchPanel state={state} words={words} form={form} widener={widener} aside={(f) => <p>saved {f.region}</p>}>
      {(items, marked) => (
        <ul aria-label="Things">
          {items.map((item) => (
            <li key={item.id}>{card(item, marked)}</li>
          ))}
        </ul>
      )}
    </SearchPanel>
  );
}

const fiveThings = (query: Query): ResultPage<Thing> => ({
  items: [{ id: `${query.page}`, name: `thing ${query.page}` }],
  total: 5,
});

function renderPanel(url = '/?tab=things', answer = fiveThings, panel = <Panel />) {
  server.asked = [];
  server.answer = answer;
  const view = renderRoutes([{ path: '*', element: panel }], url);
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, search, user: userEvent.setup() };
}

describe('SearchPanel with useSearchListState', () => {
  it('asks nothing before a search; a search is kept in the URL under its tab and its answer shown', async () => {
    const { user, search } = renderPanel();
    expect(screen.queryByRole('heading', { name: 'Things found' })).toBeNull();
    expect(server.asked).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'north');
    await user.type(screen.getByRole('searchbox', { name: '關鍵字' }), ' DSE ');
    await user.click(screen.getByRole('button', { name: '搜尋' }));

    // The typed words come to the results as the server reads them, to mark.
    const list = await screen.findByRole('list', { name: 'Things' });
    expect(search().toString()).toBe('tab=things&region=north&q=DSE');
    expect(server.asked.at(-1)).toEqual({ page: 1, pageSize: 2, region: 'north', q: 'DSE' });
    expect(within(list).getByText('thing 1 [dse]')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Things found' })).toBeInTheDocument();
    expect(screen.getByText('5 things')).toBeInTheDocument();
    expect(screen.getByText('saved north')).toBeInTheDocument();
  });

  it('keeps a search with no filter at all, so a reload still shows it', async () => {
    const { user, router } = renderPanel();
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    await screen.findByRole('list', { name: 'Things' });
    expect(router.state.location.search).toBe('?tab=things&page=1');
  });

  it('shows a search from the URL at once, in the form too; pages, orders and a reset go back to it', async () => {
    const { user, search } = renderPanel('/?tab=things&region=north&minRate=300');
    await screen.findByText('thing 1 []');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('north');
    expect(screen.getByRole('textbox', { name: '最低每堂學費' })).toHaveValue('300');

    // Five things, two a page: three pages.
    await user.click(screen.getByRole('button', { name: '第 3 頁' }));
    await screen.findByText('thing 3 []');
    expect(search().get('page')).toBe('3');
    expect(server.asked.at(-1)).toMatchObject({ page: 3, region: 'north', minRate: '300' });

    // Another order searches again from the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: '排序' }), 'feeLow');
    await waitFor(() => expect(search().get('sort')).toBe('feeLow'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(server.asked.at(-1)).toMatchObject({ page: 1, sort: 'feeLow' }));

    await user.click(screen.getByRole('button', { name: '清除篩選' }));
    expect(search().toString()).toBe('tab=things');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Things' })).toBeNull();
  });

  it('follows the URL: back returns to the search before, form and results alike', async () => {
    const { user, router } = renderPanel('/?tab=things&region=north');
    await screen.findByText('thing 1 []');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), '');
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=things&page=1'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('north'));
    await waitFor(() => expect(server.asked.at(-1)).toMatchObject({ region: 'north' }));
  });

  it('focuses the heading as the answer arrives and keeps it in view while the cards load on demand', async () => {
    let loadCard = () => {};
    const Card = lazy(
      () =>
        new Promise<{ default: (props: { name: string }) => ReactNode }>((resolve) => {
          loadCard = () => resolve({ default: ({ name }) => <span>{name}</span> });
        }),
    );
    const { user } = renderPanel('/?tab=things', fiveThings, <Panel card={(item) => <Card name={item.name} />} />);
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    await waitFor(() => expect(server.asked).toHaveLength(1));

    // The answer is in and the card's code is not: the heading stays shown (a hidden element
    // loses focus in a browser), focused, with its count.
    const heading = await screen.findByRole('heading', { name: 'Things found' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('5 things')).toBeVisible();
    expect(heading).toBeVisible();

    await act(async () => loadCard());
    expect(await screen.findByText('thing 1')).toBeVisible();
    expect(heading).toHaveFocus();
  });

  it('does not search a fee range the field says is wrong', async () => {
    const { user } = renderPanel();
    await user.type(screen.getByRole('textbox', { name: '最低每堂學費' }), '500');
    await user.type(screen.getByRole('textbox', { name: '最高每堂學費' }), '100');
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    expect(screen.getByText('最高學費不可低於最低學費')).toBeInTheDocument();
    expect(server.asked).toHaveLength(0);
  });

  it("shows the board's failure text when the server fails", async () => {
    const { user } = renderPanel('/?tab=things', () => {
      throw new Error();
    });
    await user.click(screen.getByRole('button', { name: '搜尋' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not search things');
  });

  it('finding nothing, says so and offers the filter whose removal finds something, in one tap', async () => {
    const { user, search } = renderPanel('/?tab=things&region=north', (query) => ({
      items: [],
      total: query.region ? 0 : 4,
    }));
    expect(await screen.findByText('No things')).toBeInTheDocument();
    expect(screen.getByText('Try fewer filters')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '取消「Region」・4 things' }));
    await waitFor(() => expect(search().toString()).toBe('tab=things&page=1'));
  });
});
