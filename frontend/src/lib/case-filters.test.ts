import { describe, expect, it } from 'vitest';
import {
  emptyCaseFilters,
  fromSearchParams,
  countActiveFilters,
  isMinRateValid,
  parseMinRate,
  toCaseQuery,
  toSearchParams,
  caseWidenings,
  widenedCases,
  withLevel,
  withRegion,
  type CaseFilters,
} from './case-filters';

const chosen: CaseFilters = {
  level: 'secondary',
  grades: ['中三', '中四'],
  subjects: ['數學'],
  region: '九龍',
  districts: ['觀塘區'],
  areas: ['藍田'],
  minRate: '300',
  maxRate: '500',
  q: 'DSE 操練',
  sort: 'feeHigh',
};

describe('dependent filters', () => {
  it('a new level clears grades and subjects and keeps the rest', () => {
    expect(withLevel(chosen, 'primary')).toEqual({ ...chosen, level: 'primary', grades: [], subjects: [] });
  });

  it('clearing the level clears grades and subjects', () => {
    expect(withLevel(chosen, '')).toMatchObject({ level: '', grades: [], subjects: [] });
  });

  it('choosing the same level again keeps the grades and subjects', () => {
    expect(withLevel(chosen, 'secondary')).toBe(chosen);
  });

  it('a new region clears districts and areas and keeps the rest', () => {
    expect(withRegion(chosen, '香港島')).toEqual({ ...chosen, region: '香港島', districts: [], areas: [] });
  });

  it('choosing the same region again keeps the districts', () => {
    expect(withRegion(chosen, '九龍')).toBe(chosen);
  });
});

describe('parseMinRate', () => {
  it.each([
    ['300', 300],
    [' 300 ', 300],
    ['1,200', 1200],
    ['HK$250', 250],
    ['$180', 180],
    ['250.5', 250.5],
    ['0', 0],
  ])('reads %j as %s', (raw, expected) => {
    expect(parseMinRate(raw)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '-5', '3e2', '300元', '1.2.3', 'NaN', 'Infinity'])('ignores %j', (raw) => {
    expect(parseMinRate(raw)).toBeUndefined();
  });

  it('accepts blank or numeric input and flags anything else', () => {
    expect(isMinRateValid('')).toBe(true);
    expect(isMinRateValid('200')).toBe(true);
    expect(isMinRateValid('two hundred')).toBe(false);
  });
});

describe('toCaseQuery', () => {
  it('sends only the paging when no filter is set', () => {
    expect(toCaseQuery(emptyCaseFilters, { page: 1, pageSize: 20 })).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends every chosen filter with the API names, minRate normalised', () => {
    expect(toCaseQuery(chosen, { page: 2, pageSize: 20 })).toEqual({
      page: 2,
      pageSize: 20,
      level: 'secondary',
      grades: ['中三', '中四'],
      subjects: ['數學'],
      region: '九龍',
      districts: ['觀塘區'],
      areas: ['藍田'],
      minRate: '300',
      maxRate: '500',
      q: 'DSE 操練',
      sort: 'feeHigh',
    });
  });

  it('sends the parsed minimum fee, not the typed text', () => {
    expect(toCaseQuery({ ...emptyCaseFilters, minRate: ' HK$1,200 ' }, { page: 1, pageSize: 20 }).minRate).toBe('1200');
  });

  it('leaves out a non-numeric minimum fee instead of sending it', () => {
    expect(toCaseQuery({ ...emptyCaseFilters, minRate: 'abc' }, { page: 1, pageSize: 20 })).not.toHaveProperty(
      'minRate',
    );
  });

  it('trims a free-text subject and drops a blank one', () => {
    const tertiary = { ...emptyCaseFilters, level: 'tertiary' };
    expect(toCaseQuery({ ...tertiary, subjects: ['  會計學 '] }, { page: 1, pageSize: 20 }).subjects).toEqual([
      '會計學',
    ]);
    expect(toCaseQuery({ ...tertiary, subjects: ['   '] }, { page: 1, pageSize: 20 })).not.toHaveProperty('subjects');
  });
});

describe('URL query string', () => {
  it('round-trips filters and page', () => {
    const params = toSearchParams(chosen, 3);
    expect(params.getAll('grades')).toEqual(['中三', '中四']);
    expect(params.get('page')).toBe('3');
    expect(params.get('q')).toBe('DSE 操練');
    expect(fromSearchParams(params)).toEqual({ filters: chosen, page: 3 });
  });

  it('leaves out page 1 and empty filters', () => {
    expect(toSearchParams(emptyCaseFilters, 1).toString()).toBe('');
  });

  it('falls back to page 1 and no minimum for unusable values', () => {
    const { filters, page } = fromSearchParams(new URLSearchParams('page=-2&minRate=abc&maxRate=x&sort=rating'));
    expect(page).toBe(1);
    expect(filters.minRate).toBe('');
    expect(filters.maxRate).toBe('');
    expect(filters.sort).toBe('');
    expect(fromSearchParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });
});

describe('countActiveFilters', () => {
  it('counts each narrowing field once and ignores an unusable minimum fee', () => {
    expect(countActiveFilters(emptyCaseFilters)).toBe(0);
    expect(countActiveFilters(chosen)).toBe(8);
    expect(countActiveFilters({ ...emptyCaseFilters, q: '數學' })).toBe(0);
    expect(countActiveFilters({ ...emptyCaseFilters, grades: ['中三', '中四'], minRate: 'abc' })).toBe(1);
  });
});

describe('widening a search that found nothing', () => {
  it('offers the words and each filter, most specific first, a level or region only once nothing hangs on it', () => {
    expect(caseWidenings(chosen)).toEqual(['q', 'maxRate', 'minRate', 'areas', 'districts', 'subjects', 'grades']);
    expect(caseWidenings({ ...emptyCaseFilters, level: 'primary', region: '九龍' })).toEqual(['region', 'level']);
  });

  it('drops a level with its grades and subjects, and one list alone', () => {
    expect(widenedCases(chosen, 'level')).toEqual({ ...chosen, level: '', grades: [], subjects: [] });
    expect(widenedCases(chosen, 'districts')).toEqual({ ...chosen, districts: [] });
    expect(widenedCases(chosen, 'maxRate')).toEqual({ ...chosen, maxRate: '' });
  });
});
