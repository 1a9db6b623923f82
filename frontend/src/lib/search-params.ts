import { parseMinRate } from './min-rate';

/** What the case and tutor searches keep alike in their query strings (/all-cases, home). */
export interface FeesAndOrder {
  minRate: string;
  maxRate: string;
  /** A sort key of the board ('' for its own order). */
  sort: string;
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
