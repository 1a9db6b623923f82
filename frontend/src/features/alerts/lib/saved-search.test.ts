import { describe, expect, it } from 'vitest';
import { catalogueFixture } from '@/testing/fixtures';
import { emptyCaseFilters } from '@/lib/case-filters';
import { filterWords, toSavedSearchRequest } from './saved-search';

const filters = {
  ...emptyCaseFilters,
  level: 'secondary',
  subjects: ['數學', ' '],
  region: '九龍',
  districts: ['觀塘區'],
  minRate: '300',
};

describe('a saved search of the board', () => {
  it("sends the same query as the search, with keywords (not the board's q) and the channel, and no paging", () => {
    expect(toSavedSearchRequest({ ...filters, q: '奧數' }, ' DSE 奧數 ', 'email')).toEqual({
      level: 'secondary',
      subjects: ['數學'],
      region: '九龍',
      districts: ['觀塘區'],
      minRate: '300',
      keywords: 'DSE 奧數',
      channel: 'email',
    });
  });

  it('says the filters in words, the narrowest place first', () => {
    expect(filterWords(filters, catalogueFixture)).toEqual(['中學', '數學', '觀塘區', '每堂 HK$300 起']);
    expect(filterWords({ ...emptyCaseFilters, region: '九龍' }, catalogueFixture)).toEqual(['九龍']);
    expect(filterWords(emptyCaseFilters, catalogueFixture)).toEqual([]);
  });
});
