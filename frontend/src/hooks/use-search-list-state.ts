import type { Ref } from 'react';
import { useRevealResults } from '@/hooks/use-reveal-results';
import { useSearchDraft, useUrlSearch } from '@/hooks/use-url-search';
import type { PageAnswer, SearchBoard } from '@/lib/search-board';
import { pageCountOf, type CommonFilters } from '@/lib/search-params';

/** Where a board's search sits on home: its tab (`null`, the first, has no `tab`) and page size. */
export interface SearchListPlace {
  tab: string | null;
  pageSize: number;
}

/** A search list's state and what the person can do with it, for `SearchPanel`. */
export interface SearchListState<F extends CommonFilters<S>, S extends string, T> {
  /** The form's filters: edited freely until the search button. */
  draft: F;
  setDraft: (draft: F) => void;
  /** The search made, as the URL holds it; `null` before any. */
  submitted: F | null;
  page: number;
  /** The server's answer for `submitted` and `page`. */
  answer: PageAnswer<T>;
  /** At least 1; 1 until the answer is in. */
  pageCount: number;
  /** The orders the board offers. */
  sorts: readonly S[];
  /** The results' heading: scrolled to and focused once a search the person made is answered. */
  headingRef: Ref<HTMLHeadingElement>;
  /** Searches the draft, from page 1. */
  search: () => void;
  /** Empties the form and drops the search (the tab stays). */
  reset: () => void;
  /** Searches these filters instead (a widening chosen), from page 1. */
  choose: (filters: F) => void;
  turnTo: (page: number) => void;
  /** Another order: the same search again from page 1, where the page stands. */
  sortBy: (sort: S | '') => void;
}

/**
 * The state of one of home's search tabs, the same for every board: the search made lives in the
 * URL (a reload, back or a shared link shows it again) and the form edits a draft until the
 * search button; the page of results comes from the server (never filtered here), and a search
 * the person makes (or a page they turn to) is brought into view once it is answered.
 */
export function useSearchListState<F extends CommonFilters<S>, S extends string, Q, T>(
  board: SearchBoard<F, S, Q, T>,
  { tab, pageSize }: SearchListPlace,
): SearchListState<F, S, T> {
  const { usePage } = board;
  const [searched, setSearched] = useUrlSearch(tab, board);
  const submitted = searched?.filters ?? null;
  const page = searched?.page ?? 1;
  // The URL changed under the panel (back, a link, the logo): the form follows it.
  const [draft, setDraft] = useSearchDraft(submitted, board.empty);
  const answer = usePage(submitted ? board.toQuery(submitted, { page, pageSize }) : undefined, {
    swr: { enabled: submitted !== null },
  });

  const shown = submitted ? board.write(submitted, page).toString() : '';
  const settled = !answer.isValidating && (answer.data !== undefined || answer.error !== undefined);
  const results = useRevealResults<HTMLHeadingElement>(shown, settled);
  const go = (filters: F, next: number) => {
    setSearched({ filters, page: next });
    results.reveal(board.write(filters, next).toString());
  };

  return {
    draft,
    setDraft,
    submitted,
    page,
    answer,
    pageCount: answer.data ? pageCountOf(answer.data.total, pageSize) : 1,
    sorts: board.sorts,
    headingRef: results.ref,
    search: () => go(draft, 1),
    reset: () => {
      setDraft(board.empty);
      setSearched(null);
    },
    choose: (filters) => go(filters, 1),
    turnTo: (next) => {
      if (submitted) go(submitted, next);
    },
    // A new order is not brought into view: the picker sits beside the results already.
    sortBy: (sort) => {
      if (submitted) setSearched({ filters: { ...submitted, sort }, page: 1 });
    },
  };
}
