import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination-items';

const show = (current: number, count: number) =>
  pageItems(current, count).map((item) => (item.kind === 'gap' ? '…' : String(item.page)));

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(show(1, 3)).toEqual(['1', '2', '3']);
  });

  it('keeps first and last with gaps around the current page', () => {
    expect(show(6, 20)).toEqual(['1', '…', '5', '6', '7', '…', '20']);
  });

  it('shows a page instead of a gap that would hide only one page', () => {
    expect(show(4, 20)).toEqual(['1', '2', '3', '4', '5', '…', '20']);
  });

  it('keeps to first, current and last on a phone (no siblings), so the pager fits one line', () => {
    const phone = (current: number, count: number) =>
      pageItems(current, count, 0).map((item) => (item.kind === 'gap' ? '…' : String(item.page)));
    expect(phone(6, 20)).toEqual(['1', '…', '6', '…', '20']);
    expect(phone(1, 20)).toEqual(['1', '…', '20']);
    expect(phone(3, 20)).toEqual(['1', '2', '3', '…', '20']);
  });

  it('has nothing for no pages', () => {
    expect(show(1, 0)).toEqual([]);
  });
});
