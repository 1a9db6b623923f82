import { describe, expect, it } from 'vitest';
import { highlightPieces, keywordsOf } from './keywords';

describe('keywordsOf', () => {
  it('splits on spaces and punctuation, lower-cases and drops repeats, as the server does', () => {
    expect(keywordsOf('  DSE數學, IB Physics! ib')).toEqual(['dse數學', 'ib', 'physics']);
    expect(keywordsOf('大埔　英文')).toEqual(['大埔', '英文']);
    expect(keywordsOf('?!…')).toEqual([]);
  });
});

describe('highlightPieces', () => {
  it('marks every place a word is found, whatever its case', () => {
    expect(highlightPieces('IB Physics 補習 (ib)', ['ib', '補習'])).toEqual([
      { text: 'IB', match: true },
      { text: ' Physics ', match: false },
      { text: '補習', match: true },
      { text: ' (', match: false },
      { text: 'ib', match: true },
      { text: ')', match: false },
    ]);
  });

  it('leaves text without words whole and treats special characters as text', () => {
    expect(highlightPieces('中三數學', [])).toEqual([{ text: '中三數學', match: false }]);
    expect(highlightPieces('C++ 入門', ['c++'])).toEqual([
      { text: 'C++', match: true },
      { text: ' 入門', match: false },
    ]);
  });
});
