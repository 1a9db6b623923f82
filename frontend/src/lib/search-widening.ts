import type { SearchCodec } from '@/lib/search-board';
import type { CommonFilters } from '@/lib/search-params';

/** One filter a search finding nothing could drop, and the search without it. */
export interface Widening<F> {
  /** The filter's name as the form labels it. */
  label: string;
  filters: F;
}

/** How a board widens a search: what it offers to drop and how it counts what that finds. */
export interface Widener<F> {
  /** Which board the filters are of: the counts are kept under it. */
  board: 'cases' | 'tutors';
  options: (filters: F) => Widening<F>[];
  /** How many results a search finds (one small request each). */
  count: (filters: F) => Promise<number>;
}

/** What a board knows of widening its searches; `K` names the filters it could drop. */
interface WideningRules<F extends CommonFilters<S>, S extends string, Q, K extends string> {
  board: Widener<F>['board'];
  /** The filters (and words) of a search that could be dropped, most specific first. */
  droppable: (filters: F) => K[];
  /** Their names; a function, read when shown: the page's catalogue is in place only by then. */
  labels: () => Record<K, string>;
  /** The search without one of them (a parent takes its children with it). */
  without: (filters: F, dropped: K) => F;
  codec: SearchCodec<F, S, Q>;
  /** The board's GET, for a total: a page of one is asked. */
  fetchPage: (query: Q) => Promise<{ total: number }>;
}

/** A board's widener, from its rules: the same for the case board and the tutor directory. */
export function widenerOf<F extends CommonFilters<S>, S extends string, Q, K extends string>(
  rules: WideningRules<F, S, Q, K>,
): Widener<F> {
  const { board, droppable, labels, without, codec, fetchPage } = rules;
  return {
    board,
    options: (filters) => droppable(filters).map((key) => ({ label: labels()[key], filters: without(filters, key) })),
    count: async (filters) => (await fetchPage(codec.toQuery(filters, { page: 1, pageSize: 1 }))).total,
  };
}
