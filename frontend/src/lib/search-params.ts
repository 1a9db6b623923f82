import { parseMinRate } from './min-rate';

/** What the case and tutor searches keep alike in their query strings (/all-cases, home). */
export interface FeesAndOrder {
  minRate: string;
  maxRate: string;
  /** A sort key of the board ('' for its own order). */
  sort: string;
}

/** What every board's filters hold besides their own: the words, the fee bounds and the order. */
export interface CommonFilters<S extends string = string> extends FeesAndOrder {
  /** Words to find, as typed (`q`). */
  q: string;
  sort: S | '';
}

/**
 * Writes the words, the fee bounds, the order and the page after a board's own filters, so every
 * board's query string ends the same way.
 */
export function setCommonParams(params: URLSearchParams, filters: CommonFilters, page: number): void {
  if (filters.q.trim()) params.set('q', filters.q.trim());
  setFeesSortAndPage(params, filters, page);
}

/** Reads back what {@link setCommonParams} wrote; anything unusable means "no limit". */
export function readCommonParams<S extends string>(params: URLSearchParams, sorts: readonly S[]): CommonFilters<S> {
  return {
    q: params.get('q') ?? '',
    minRate: feeParam(params, 'minRate'),
    maxRate: feeParam(params, 'maxRate'),
    sort: sortParam(params, sorts),
  };
}

/**
 * Reads a board's search back from its query string: its own filters (read by the board) with
 * the words, fee bounds and order, and the page.
 */
export function readSearch<O extends object, S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  own: O,
): { filters: O & CommonFilters<S>; page: number } {
  return { filters: { ...own, ...readCommonParams(params, sorts) }, page: pageParam(params) };
}

/** The API query's part for the words, fee bounds and order, each left out when it says nothing
 * (never sent blank); a fee that is not a number is left out too. */
export function commonQuery<S extends string>(
  filters: CommonFilters<S>,
): { minRate?: string; maxRate?: string; q?: string; sort?: S } {
  const query: { minRate?: string; maxRate?: string; q?: string; sort?: S } = {};
  const minRate = parseMinRate(filters.minRate);
  if (minRate !== undefined) query.minRate = String(minRate);
  const maxRate = parseMinRate(filters.maxRate);
  if (maxRate !== undefined) query.maxRate = String(maxRate);
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.sort) query.sort = filters.sort;
  return query;
}

/** Number of pages for a total; at least 1. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * Writes the fee bounds as plain numbers, the order and the page, each left out when it says
 * nothing.
 */
export function setFeesSortAndPage(params: URLSearchParams, filters: FeesAndOrder, page: number): void {
  for (const key of ['minRate', 'maxRate'] as const) {
    const fee = parseMinRate(filters[key]);
    if (fee !== undefined) params.set(key, String(fee));
  }
  if (filters.sort) params.set('sort', filters.sort);
  if (page > 1) params.set('page', String(page));
}

/** A fee bound of a query string; '' ("no limit") when it is not a number. */
export function feeParam(params: URLSearchParams, key: 'minRate' | 'maxRate'): string {
  const fee = parseMinRate(params.get(key) ?? '');
  return fee === undefined ? '' : String(fee);
}

/** The order of a query string when it is one of `allowed`; '' (the board's own) otherwise. */
export function sortParam<T extends string>(params: URLSearchParams, allowed: readonly T[]): T | '' {
  const sort = params.get('sort') ?? '';
  return (allowed as readonly string[]).includes(sort) ? (sort as T) : '';
}

/** The page of a query string; 1 when it is not a page number. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
