import { TutorSort, type SearchTutorsParams } from '@/api/generated/model';
import type { SearchCodec } from '@/lib/search-board';
import { commonQuery, readSearch, setCommonParams, type CommonFilters } from '@/lib/search-params';

/** The orders the tutor directory offers, as the server names them. */
export const tutorSorts: readonly TutorSort[] = Object.values(TutorSort);

/** The home tutor search as the user edits it: one subject, one area. '' means "no limit". */
export interface TutorFilters extends CommonFilters<TutorSort> {
  level: string;
  subject: string;
  region: string;
  area: string;
  /** The order asked for; '' is the directory's own (best matches, else newest). */
  sort: TutorSort | '';
}

export const emptyTutorFilters: TutorFilters = {
  level: '',
  subject: '',
  region: '',
  area: '',
  minRate: '',
  maxRate: '',
  q: '',
  sort: '',
};

/** A new level clears the subject; a new region clears the area (spec §4). */
export function withTutorLevel(filters: TutorFilters, level: string): TutorFilters {
  return level === filters.level ? filters : { ...filters, level, subject: '' };
}

export function withTutorRegion(filters: TutorFilters, region: string): TutorFilters {
  return region === filters.region ? filters : { ...filters, region, area: '' };
}

/** The GET /tutors query: empty filters are left out; a non-numeric minimum fee is ignored. */
export function toTutorQuery(filters: TutorFilters, paging: { page: number; pageSize: number }): SearchTutorsParams {
  const query: SearchTutorsParams = { page: paging.page, pageSize: paging.pageSize };
  if (filters.level) query.level = filters.level;
  if (filters.subject.trim()) query.subjects = [filters.subject.trim()];
  if (filters.region) query.region = filters.region;
  if (filters.area) query.areas = [filters.area];
  return { ...query, ...commonQuery(filters) };
}

/** What a tutor search finding nothing could drop, one at a time (a level takes its subject
 * with it, a region its area), and the words. */
export type TutorWidening = 'q' | 'maxRate' | 'minRate' | 'area' | 'region' | 'subject' | 'level';

export function widenedTutors(filters: TutorFilters, dropped: TutorWidening): TutorFilters {
  switch (dropped) {
    case 'level':
      return { ...filters, level: '', subject: '' };
    case 'region':
      return { ...filters, region: '', area: '' };
    default:
      return { ...filters, [dropped]: '' };
  }
}

/** The filters and words of a tutor search that could be dropped, most specific first. */
export function tutorWidenings(filters: TutorFilters): TutorWidening[] {
  const query = toTutorQuery(filters, { page: 1, pageSize: 1 });
  const set: Record<TutorWidening, boolean> = {
    q: query.q !== undefined,
    maxRate: query.maxRate !== undefined,
    minRate: query.minRate !== undefined,
    area: query.areas !== undefined,
    region: query.region !== undefined && query.areas === undefined,
    subject: query.subjects !== undefined,
    level: query.level !== undefined && query.subjects === undefined,
  };
  return (Object.keys(set) as TutorWidening[]).filter((key) => set[key]);
}

/** The tutor search's own filters, in the order the query string lists them. */
const ownKeys = ['level', 'subject', 'region', 'area'] as const;

/** The search as home's query string (`useUrlSearch`), so reload and back keep it. */
export function tutorSearchToParams(filters: TutorFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ownKeys) {
    if (filters[key].trim()) params.set(key, filters[key].trim());
  }
  setCommonParams(params, filters, page);
  return params;
}

/** Reads {@link tutorSearchToParams}' query string back; anything unusable means "no limit". */
export function tutorSearchFromParams(params: URLSearchParams): { filters: TutorFilters; page: number } {
  const own = (key: (typeof ownKeys)[number]) => params.get(key) ?? '';
  return readSearch(params, tutorSorts, {
    level: own('level'),
    subject: own('subject'),
    region: own('region'),
    area: own('area'),
  });
}

/** The tutor directory's search in home's URL and as GET /tutors' query. */
export const tutorSearchCodec: SearchCodec<TutorFilters, TutorSort, SearchTutorsParams> = {
  empty: emptyTutorFilters,
  sorts: tutorSorts,
  read: tutorSearchFromParams,
  write: tutorSearchToParams,
  toQuery: toTutorQuery,
};
