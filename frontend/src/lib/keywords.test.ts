import { describe, expect, it } from 'vitest';
import { highlightPieces, keywordsOf } from './keywords';

describe('keywordsOf', () => {
  it('splits on spaces and punctuation, lower-cases and drops repeats, as the server does', () => {
    expect(keywordsOf('  DSE數學, IB Physics! ib')).toEqual(['dse數學', 'ib', 'physics']);
    expect(keywordsOf('大埔　英文')).toEqual(['大埔', '英文']);
    expect(keywordsOf('?!…')).toEqual([]);
    expect(keywordsOf('ＤＳＥ　５科')).toEqual(['dse', '5科']);
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

  it('marks other letters only as whole words, and the parts of a mixed word where each is', () => {
    expect(highlightPieces('Library IB', ['ib'])).toEqual([
      { text: 'Library ', match: false },
      { text: 'IB', match: true },
    ]);
    expect(highlightPieces('DSE 中三數學', ['dse數學'])).toEqual([
      { text: 'DSE', match: true },
      { text: ' 中三', match: false },
      { text: '數學', match: true },
    ]);
  });

  it('leaves text without words whole and treats special characters as text', () => {
    expect(highlightPieces('中三數學', [])).toEqual([{ text: '中三數學', match: false }]);
    expect(highlightPieces('1.5 小時', ['1.5'])).toEqual([
      { text: '1.5', match: true },
      { text: ' 小時', match: false },
    ]);
  });
});
