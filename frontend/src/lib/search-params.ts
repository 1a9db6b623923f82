import { parseMinRate } from './min-rate';

/**
 * What the case and tutor searches write alike into their query strings (/all-cases, home):
 * the minimum fee as a plain number and the page, left out when they say nothing.
 */
export function setMinRateAndPage(params: URLSearchParams, minRate: string, page: number): void {
  const fee = parseMinRate(minRate);
  if (fee !== undefined) params.set('minRate', String(fee));
  if (page > 1) params.set('page', String(page));
}

/** The minimum fee of a query string; '' ("no limit") when it is not a number. */
export function minRateParam(params: URLSearchParams): string {
  const fee = parseMinRate(params.get('minRate') ?? '');
  return fee === undefined ? '' : String(fee);
}

/** The page of a query string; 1 when it is not a page number. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
