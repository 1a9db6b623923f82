import { CaseSort, type SearchCasesParams } from '@/api/generated/model';
import type { SearchCodec } from '@/lib/search-board';
import { commonQuery, readSearch, setCommonParams, type CommonFilters } from '@/lib/search-params';

/** The orders the case board offers, as the server names them. */
export const caseSorts: readonly CaseSort[] = Object.values(CaseSort);

/**
 * The case search filters as the user edits them. '' and [] mean "no limit".
 * Home uses one grade, one subject and areas; /all-cases uses several grades, subjects and
 * districts. For a level with a free-text subject (tertiary) `subjects` holds the typed text.
 */
export interface CaseFilters extends CommonFilters<CaseSort> {
  level: string;
  grades: string[];
  subjects: string[];
  region: string;
  districts: string[];
  areas: string[];
  /** As typed; parsed by {@link parseMinRate} when the query is built. */
  minRate: string;
  maxRate: string;
  /** The order asked for; '' is the board's own (best matches, else newest). */
  sort: CaseSort | '';
}

export const emptyCaseFilters: CaseFilters = {
  level: '',
  grades: [],
  subjects: [],
  region: '',
  districts: [],
  areas: [],
  minRate: '',
  maxRate: '',
  q: '',
  sort: '',
};

/** A new level makes the old grades and subjects meaningless (spec §4). */
export function withLevel(filters: CaseFilters, level: string): CaseFilters {
  if (level === filters.level) return filters;
  return { ...filters, level, grades: [], subjects: [] };
}

/** A new region makes the old districts and areas meaningless (spec §4). */
export function withRegion(filters: CaseFilters, region: string): CaseFilters {
  if (region === filters.region) return filters;
  return { ...filters, region, districts: [], areas: [] };
}

export { isFeeRangeValid, isMinRateValid, parseMinRate } from '@/lib/min-rate';

function nonEmpty(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

/** The GET /cases query for these filters: empty filters are left out, never sent blank. */
export function toCaseQuery(filters: CaseFilters, paging: { page: number; pageSize: number }): SearchCasesParams {
  const query: SearchCasesParams = { page: paging.page, pageSize: paging.pageSize };
  if (filters.level) query.level = filters.level;
  const grades = nonEmpty(filters.grades);
  if (grades.length > 0) query.grades = grades;
  const subjects = nonEmpty(filters.subjects);
  if (subjects.length > 0) query.subjects = subjects;
  if (filters.region) query.region = filters.region;
  const districts = nonEmpty(filters.districts);
  if (districts.length > 0) query.districts = districts;
  const areas = nonEmpty(filters.areas);
  if (areas.length > 0) query.areas = areas;
  return { ...query, ...commonQuery(filters) };
}

/** Filters and page as the /all-cases query string, so reload and back keep them. */
export function toSearchParams(filters: CaseFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.level) params.set('level', filters.level);
  for (const grade of nonEmpty(filters.grades)) params.append('grades', grade);
  for (const subject of nonEmpty(filters.subjects)) params.append('subjects', subject);
  if (filters.region) params.set('region', filters.region);
  for (const district of nonEmpty(filters.districts)) params.append('districts', district);
  for (const area of nonEmpty(filters.areas)) params.append('areas', area);
  setCommonParams(params, filters, page);
  return params;
}

/** Reads {@link toSearchParams}' query string back; anything unusable falls back to "no limit". */
export function fromSearchParams(params: URLSearchParams): { filters: CaseFilters; page: number } {
  return readSearch(params, caseSorts, {
    level: params.get('level') ?? '',
    grades: nonEmpty(params.getAll('grades')),
    subjects: nonEmpty(params.getAll('subjects')),
    region: params.get('region') ?? '',
    districts: nonEmpty(params.getAll('districts')),
    areas: nonEmpty(params.getAll('areas')),
  });
}

/** The case board's search in the URL and as GET /cases' query (home's tab; /all-cases reads the same). */
export const caseSearchCodec: SearchCodec<CaseFilters, CaseSort, SearchCasesParams> = {
  empty: emptyCaseFilters,
  sorts: caseSorts,
  read: fromSearchParams,
  write: toSearchParams,
  toQuery: toCaseQuery,
};

/** The filters that narrow a case search, in the order the form shows them. */
const narrowing = ['level', 'grades', 'subjects', 'region', 'districts', 'areas', 'minRate', 'maxRate'] as const;

/** How many filters narrow the list (a level with its grades counts once per field); the
 * typed words are not a filter: they have their own box, and the order narrows nothing. */
export function countActiveFilters(filters: CaseFilters): number {
  const query = toCaseQuery(filters, { page: 1, pageSize: 1 });
  return narrowing.filter((key) => query[key] !== undefined).length;
}

/** What a search finding nothing could drop, one at a time: each filter (a level takes its
 * grades and subjects with it, a region its districts and areas) and the words. */
export type CaseWidening = (typeof narrowing)[number] | 'q';

/** These filters without `dropped`. */
export function widenedCases(filters: CaseFilters, dropped: CaseWidening): CaseFilters {
  switch (dropped) {
    case 'level':
      return { ...filters, level: '', grades: [], subjects: [] };
    case 'region':
      return { ...filters, region: '', districts: [], areas: [] };
    case 'grades':
    case 'subjects':
    case 'districts':
    case 'areas':
      return { ...filters, [dropped]: [] };
    default:
      return { ...filters, [dropped]: '' };
  }
}

/** The filters and words of a search that could be dropped, most specific first. */
export function caseWidenings(filters: CaseFilters): CaseWidening[] {
  const query = toCaseQuery(filters, { page: 1, pageSize: 1 });
  const set = (['q', ...[...narrowing].reverse()] as const).filter((key) => query[key] !== undefined);
  // A level or region set with narrower choices under it is widened by those first.
  return set.filter(
    (key) =>
      !(key === 'level' && (query.grades || query.subjects)) && !(key === 'region' && (query.districts || query.areas)),
  );
}
