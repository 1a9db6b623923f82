import type { SearchInUrl } from '@/hooks/use-url-search';
import type { CommonFilters } from '@/lib/search-params';

/** Which page of a search to ask for, and how long a page is. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** A page of a board's answer, as the server sends it (`CasePage`, `TutorPage`). */
export interface ResultPage<T> {
  items: T[];
  total: number;
}

/** What the list state reads of a board's SWR answer (orval's hooks return more). */
export interface PageAnswer<T> {
  data?: ResultPage<T>;
  error?: unknown;
  isValidating: boolean;
}

/**
 * How a board's search travels in the URL (`read`, `write`) and becomes the API's query. Each
 * board's filters module declares one beside the functions it names (case-filters.ts,
 * tutor-filters.ts).
 */
export interface SearchCodec<F extends CommonFilters<S>, S extends string, Q> extends SearchInUrl<F> {
  /** A new search's filters: where the form starts and what its reset puts back. */
  empty: F;
  /** The orders the board offers, as the server names them. */
  sorts: readonly S[];
  /** The API's query for a page of this search: empty filters are left out. */
  toQuery: (filters: F, paging: Paging) => Q;
}

/**
 * A board's search, as the shared list state needs it (`useSearchListState`): its codec and
 * orval's hook that asks the server. The case board and the tutor directory each declare one as a
 * module constant (the URL hook keeps `read` and `write` in its dependencies); what differs
 * between them is only this and the fields and cards they show.
 */
export interface SearchBoard<F extends CommonFilters<S>, S extends string, Q, T> extends SearchCodec<F, S, Q> {
  /** Orval's SWR hook of the board's GET; asks nothing while `enabled` is false. */
  usePage: (query: Q | undefined, options: { swr: { enabled: boolean } }) => PageAnswer<T>;
}
