import { Suspense, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { LoadingState } from '@/components/LoadingState';
import type { SearchListState } from '@/hooks/use-search-list-state';
import { lazy } from '@/lib/lazy';
import type { CommonFilters } from '@/lib/search-params';
import type { Widener } from '@/lib/search-widening';
import type { t } from '@/i18n/zh-HK';
import type { SearchResultsProps } from './SearchResults';

// The results and everything they show (cards, pages, the order, what to drop when nothing is
// found) load once a search is made: the first screen is the form
// (docs/adr/0076-public-pages-under-150-kib.md).
const SearchResults = lazy(async () => ({ default: (await import('./SearchResults')).SearchResults })) as <
  F extends CommonFilters<S>,
  S extends SortKey,
  T,
>(
  props: SearchResultsProps<F, S, T>,
) => ReactNode;

type SortKey = keyof typeof t.filters.sorts;

/** A board's words for its results: each board's catalogue has them under `search`. */
export interface SearchPanelWords {
  resultsHeading: string;
  resultsCount: (total: number) => string;
  empty: string;
  emptyHint: string;
  failed: string;
}

interface SearchPanelProps<F extends CommonFilters<S>, S extends SortKey, T> {
  state: SearchListState<F, S, T>;
  words: SearchPanelWords;
  /** The words box, the filters and the buttons (a `SearchForm` editing `state.draft`). */
  form: ReactNode;
  /** What a search finding nothing could drop. */
  widener: Widener<F>;
  /** Under the results' heading, e.g. saving the search (which src/app passes in). */
  aside?: (filters: F) => ReactNode;
  /** The page's results, with the typed words to mark in them. */
  children: (items: T[], words: string[]) => ReactNode;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * One of home's search tabs, whatever the board: the form, then, once a search is made, its
 * results (SearchResults.tsx). Filtering is the server's.
 */
export function SearchPanel<F extends CommonFilters<S>, S extends SortKey, T>({
  state,
  words,
  form,
  widener,
  aside,
  children,
}: SearchPanelProps<F, S, T>) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      {form}
      {state.submitted && (
        <Suspense fallback={<LoadingState />}>
          <SearchResults state={state} submitted={state.submitted} words={words} widener={widener} aside={aside}>
            {children}
          </SearchResults>
        </Suspense>
      )}
    </div>
  );
}
