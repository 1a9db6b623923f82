import { TutorSort, type SearchTutorsParams } from '@/api/generated/model';
import { parseMinRate } from '@/lib/min-rate';
import { feeParam, pageParam, setFeesSortAndPage, sortParam } from '@/lib/search-params';

/** The orders the tutor directory offers, as the server names them. */
export const tutorSorts: readonly TutorSort[] = Object.values(TutorSort);

/** The home tutor search as the user edits it: one subject, one area. '' means "no limit". */
export interface TutorFilters {
  level: string;
  subject: string;
  region: string;
  area: string;
  minRate: string;
  maxRate: string;
  /** Words to find, as typed (`q`). */
  q: string;
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
  const minRate = parseMinRate(filters.minRate);
  if (minRate !== undefined) query.minRate = String(minRate);
  const maxRate = parseMinRate(filters.maxRate);
  if (maxRate !== undefined) query.maxRate = String(maxRate);
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.sort) query.sort = filters.sort;
  return query;
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

/** The search as home's query string (`useUrlSearch`), so reload and back keep it. */
export function tutorSearchToParams(filters: TutorFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['level', 'subject', 'region', 'area'] as const) {
    if (filters[key].trim()) params.set(key, filters[key].trim());
  }
  if (filters.q.trim()) params.set('q', filters.q.trim());
  setFeesSortAndPage(params, filters, page);
  return params;
}

/** Reads {@link tutorSearchToParams}' query string back; anything unusable means "no limit". */
export function tutorSearchFromParams(params: URLSearchParams): { filters: TutorFilters; page: number } {
  return {
    filters: {
      level: params.get('level') ?? '',
      subject: params.get('subject') ?? '',
      region: params.get('region') ?? '',
      area: params.get('area') ?? '',
      minRate: feeParam(params, 'minRate'),
      maxRate: feeParam(params, 'maxRate'),
      q: params.get('q') ?? '',
      sort: sortParam(params, tutorSorts),
    },
    page: pageParam(params),
  };
}
