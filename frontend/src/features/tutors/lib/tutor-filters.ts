import type { SearchTutorsParams } from '@/api/generated/model';
import { parseMinRate } from '@/lib/min-rate';

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
