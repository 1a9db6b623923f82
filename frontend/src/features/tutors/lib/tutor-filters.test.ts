import { describe, expect, it } from 'vitest';
import {
  emptyTutorFilters,
  toTutorQuery,
  tutorSearchFromParams,
  tutorSearchToParams,
  tutorWidenings,
  widenedTutors,
  withTutorLevel,
  withTutorRegion,
  type TutorFilters,
} from './tutor-filters';
import { tutorDisplay, tutorName } from '@/lib/tutor-display';

describe('tutor filters', () => {
  it('leave out empty filters and ignore a non-numeric minimum fee', () => {
    expect(toTutorQuery({ ...emptyTutorFilters, minRate: 'abc' }, { page: 1, pageSize: 12 })).toEqual({
      page: 1,
      pageSize: 12,
    });
    const full: TutorFilters = {
      level: 'secondary',
      subject: '數學',
      region: '九龍',
      area: '藍田',
      minRate: 'HK$300',
      maxRate: '500',
      q: ' IB ',
      sort: 'rating',
    };
    expect(toTutorQuery(full, { page: 2, pageSize: 12 })).toEqual({
      page: 2,
      pageSize: 12,
      level: 'secondary',
      subjects: ['數學'],
      region: '九龍',
      areas: ['藍田'],
      minRate: '300',
      maxRate: '500',
      q: 'IB',
      sort: 'rating',
    });
  });

  it('travel in the URL and come back the same; anything unusable means no limit', () => {
    const full: TutorFilters = {
      level: 'secondary',
      subject: '數學',
      region: '九龍',
      area: '藍田',
      q: 'IB',
      minRate: '300',
      maxRate: '450',
      sort: 'feeLow',
    };
    const params = tutorSearchToParams({ ...full, q: ' IB ' }, 3);
    expect(params.toString()).toBe(new URLSearchParams({ ...full, page: '3' }).toString());
    expect(tutorSearchFromParams(params)).toEqual({ filters: full, page: 3 });
    expect(tutorSearchToParams(emptyTutorFilters, 1).toString()).toBe('');
    expect(tutorSearchFromParams(new URLSearchParams('minRate=abc&maxRate=x&sort=cheapest&page=-2'))).toEqual({
      filters: emptyTutorFilters,
      page: 1,
    });
  });

  it('clear the child filter when its parent changes', () => {
    const chosen = { ...emptyTutorFilters, level: 'secondary', subject: '數學', region: '九龍', area: '藍田' };
    expect(withTutorLevel(chosen, 'primary').subject).toBe('');
    expect(withTutorRegion(chosen, '新界').area).toBe('');
    expect(withTutorLevel(chosen, 'secondary')).toBe(chosen);
  });
});

describe('tutor display', () => {
  it('falls back to the user number and shows 未填寫 for missing values', () => {
    expect(tutorName({ userId: 1024, name: ' ' })).toBe('用戶編號 1024');
    const view = tutorDisplay({ userId: 1024, subjects: [], rate: undefined });
    expect([view.subjects, view.location, view.rate, view.initial]).toEqual(['未填寫', '未填寫', '未填寫', '用']);
    expect(tutorDisplay({ name: '陳大文', rate: 300, subjects: ['中學 數學', '中學 物理'] }).subjects).toBe(
      '中學 數學、中學 物理',
    );
  });

  it('offer to drop each filter of a search that found nothing, a level or region with what hangs on it', () => {
    const narrow = {
      ...emptyTutorFilters,
      level: 'secondary',
      subject: '數學',
      region: '新界',
      maxRate: '300',
      q: '耐心',
    };
    expect(tutorWidenings(narrow)).toEqual(['q', 'maxRate', 'region', 'subject']);
    expect(widenedTutors(narrow, 'subject')).toEqual({ ...narrow, subject: '' });
    expect(widenedTutors({ ...narrow, area: '沙田' }, 'region')).toEqual({ ...narrow, region: '', area: '' });
    expect(widenedTutors(narrow, 'level')).toEqual({ ...narrow, level: '', subject: '' });
    expect(tutorWidenings({ ...emptyTutorFilters, level: 'primary' })).toEqual(['level']);
  });
});
