import type { SearchTutorsParams } from '@/api/generated/model';
import { parseMinRate } from '@/lib/min-rate';
import { minRateParam, pageParam, setMinRateAndPage } from '@/lib/search-params';

/** The home tutor search as the user edits it: one subject, one area. '' means "no limit". */
export interface TutorFilters {
  level: string;
  subject: string;
  region: string;
  area: string;
  minRate: string;
  /** Words to find, as typed (`q`). */
  q: string;
}

export const emptyTutorFilters: TutorFilters = { level: '', subject: '', region: '', area: '', minRate: '', q: '' };

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
  if (filters.q.trim()) query.q = filters.q.trim();
  return query;
}

/** The search as home's query string (`useUrlSearch`), so reload and back keep it. */
export function tutorSearchToParams(filters: TutorFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['level', 'subject', 'region', 'area'] as const) {
    if (filters[key].trim()) params.set(key, filters[key].trim());
  }
  if (filters.q.trim()) params.set('q', filters.q.trim());
  setMinRateAndPage(params, filters.minRate, page);
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
      minRate: minRateParam(params),
      q: params.get('q') ?? '',
    },
    page: pageParam(params),
  };
}
