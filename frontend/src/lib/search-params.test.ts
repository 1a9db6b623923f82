import { describe, expect, it } from 'vitest';
import { commonQuery, pageCountOf, readSearch, setCommonParams } from './search-params';

const sorts = ['newest', 'feeLow'] as const;

describe("what every board's search keeps alike", () => {
  it('writes the words, fees, order and page after the own filters, each left out when it says nothing', () => {
    const params = new URLSearchParams({ level: 'secondary' });
    setCommonParams(params, { q: ' DSE ', minRate: 'HK$1,200', maxRate: 'x', sort: 'feeLow' }, 3);
    expect(params.toString()).toBe('level=secondary&q=DSE&minRate=1200&sort=feeLow&page=3');
    const empty = new URLSearchParams();
    setCommonParams(empty, { q: '  ', minRate: '', maxRate: '', sort: '' }, 1);
    expect(empty.toString()).toBe('');
  });

  it('reads them back beside the own filters; anything unusable means no limit', () => {
    const params = new URLSearchParams('region=九龍&q=IB&minRate=300&maxRate=abc&sort=rating&page=2');
    expect(readSearch(params, sorts, { region: params.get('region') ?? '' })).toEqual({
      filters: { region: '九龍', q: 'IB', minRate: '300', maxRate: '', sort: '' },
      page: 2,
    });
    expect(readSearch(new URLSearchParams('page=2.5'), sorts, {}).page).toBe(1);
  });

  it('puts them in the API query only when they say something', () => {
    expect(commonQuery({ q: ' 數學 ', minRate: '300', maxRate: '', sort: 'newest' })).toEqual({
      q: '數學',
      minRate: '300',
      sort: 'newest',
    });
    expect(commonQuery({ q: '', minRate: 'abc', maxRate: '', sort: '' })).toEqual({});
  });
});

describe('pageCountOf', () => {
  it('rounds up and is at least one', () => {
    expect(pageCountOf(45, 20)).toBe(3);
    expect(pageCountOf(40, 20)).toBe(2);
    expect(pageCountOf(0, 20)).toBe(1);
  });
});
