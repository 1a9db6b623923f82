import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A search as one of home's tabs makes it: its filters (words included) and the page shown. */
export interface Search<F> {
  filters: F;
  page: number;
}

/** How a tab writes its search into the query string and reads it back. */
export interface SearchInUrl<F> {
  write: (filters: F, page: number) => URLSearchParams;
  read: (params: URLSearchParams) => Search<F>;
}

/**
 * The search made on one of home's tabs, kept in the URL (`?tab=cases&region=…&q=…&page=2`;
 * the first tab has no `tab`), so a reload, the back button or a shared link shows the same
 * results. `null` before any search. A search with no filter at all is kept as `page=1`, so it
 * too survives a reload. Setting `null` clears the search and keeps the tab.
 */
export function useUrlSearch<F>(
  tab: string | null,
  codec: SearchInUrl<F>,
): [Search<F> | null, (search: Search<F> | null) => void] {
  const [params, setParams] = useSearchParams();
  const own = new URLSearchParams(params);
  own.delete('tab');
  const key = own.toString();
  const { read, write } = codec;
  const search = useMemo(() => (key ? read(new URLSearchParams(key)) : null), [key, read]);
  const setSearch = useCallback(
    (next: Search<F> | null) => {
      const written = next ? write(next.filters, next.page) : new URLSearchParams();
      if (next && !written.toString()) written.set('page', '1');
      // The tab first, as the tabs write it: `?tab=cases&q=…`.
      const url = new URLSearchParams(tab ? { tab } : {});
      written.forEach((value, key) => url.append(key, value));
      // The same page with another search: it stays where it is (the results are brought into
      // view by the panel when they come), not thrown back to the top as a new page would be.
      setParams(url, { preventScrollReset: true });
    },
    [setParams, tab, write],
  );
  return [search, setSearch];
}

/**
 * A search form's draft: edited freely until the search button, and put back to the search in
 * the URL whenever that changes or the person moves through history. The history move counts on
 * its own: a search button pressed and then Back before the router showed the new search
 * (navigations render in a transition) leaves the shown search unchanged, and the form would keep
 * the abandoned draft beside the old results. `empty` must be a stable value (a module constant).
 */
export function useSearchDraft<F>(applied: F | null, empty: F): [F, (draft: F) => void] {
  const [draft, setDraft] = useState<F>(applied ?? empty);
  const [historyMoves, setHistoryMoves] = useState(0);
  useEffect(() => {
    const moved = () => setHistoryMoves((n) => n + 1);
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  useEffect(() => setDraft(applied ?? empty), [applied, empty, historyMoves]);
  return [draft, setDraft];
}
