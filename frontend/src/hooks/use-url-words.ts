import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The words searched on one of home's search tabs, kept in the URL (`?tab=cases&q=…`; the
 * first tab has no `tab`), so a reload or a shared link searches again. Returns the words in
 * the URL and a setter that replaces them (blank removes them) without a new history entry.
 */
export function useUrlWords(tab: string | null): [string, (words: string) => void] {
  const [params, setParams] = useSearchParams();
  const setWords = useCallback(
    (words: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (words.trim()) next.set('q', words.trim());
          else next.delete('q');
          if (tab) next.set('tab', tab);
          else next.delete('tab');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, tab],
  );
  return [params.get('q') ?? '', setWords];
}
