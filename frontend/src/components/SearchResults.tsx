import { Suspense, useId, useMemo, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { Pagination } from '@/components/Pagination';
import { ResultsHeader } from '@/components/ResultsHeader';
import type { SearchPanelWords } from '@/components/SearchPanel';
import { SortSelect } from '@/components/SortSelect';
import { WidenSearch } from '@/components/WidenSearch';
import type { SearchListState } from '@/hooks/use-search-list-state';
import { keywordsOf } from '@/lib/keywords';
import type { CommonFilters } from '@/lib/search-params';
import type { Widener } from '@/lib/search-widening';
import type { t } from '@/i18n/zh-HK';

type SortKey = keyof typeof t.filters.sorts;

export interface SearchResultsProps<F extends CommonFilters<S>, S extends SortKey, T> {
  state: SearchListState<F, S, T>;
  /** The search made (`state.submitted`). */
  submitted: F;
  words: SearchPanelWords;
  widener: Widener<F>;
  aside?: ((filters: F) => ReactNode) | undefined;
  children: (items: T[], words: string[]) => ReactNode;
}

const useStyles = makeStyles({
  results: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  stale: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationFast },
});

/**
 * A search panel's results (SearchPanel.tsx), loaded once a search is made: their heading with
 * their count and order, and the answer: a failure, a wait, nothing found (with the filters to
 * drop), or the results and their pages.
 */
export function SearchResults<F extends CommonFilters<S>, S extends SortKey, T>({
  state,
  submitted,
  words,
  widener,
  aside,
  children,
}: SearchResultsProps<F, S, T>) {
  const styles = useStyles();
  // The same array while the words stay, so that memoized cards (CaseCardGrid) keep theirs.
  const keywords = useMemo(() => keywordsOf(submitted.q), [submitted.q]);
  const headingId = useId();
  const { answer } = state;
  return (
    <section className={styles.results} aria-labelledby={headingId} aria-busy={answer.isValidating}>
      <ResultsHeader
        id={headingId}
        title={words.resultsHeading}
        count={answer.data && words.resultsCount(answer.data.total)}
        headingRef={state.headingRef}
        sort={<SortSelect value={submitted.sort} sorts={state.sorts} onChange={state.sortBy} />}
      />
      {aside?.(submitted)}
      {answer.error ? (
        <ErrorBanner message={errorMessage(answer.error, words.failed)} />
      ) : !answer.data ? (
        <LoadingState />
      ) : answer.data.items.length === 0 ? (
        <>
          <EmptyState title={words.empty} hint={words.emptyHint} />
          <WidenSearch
            board={widener.board}
            options={widener.options(submitted)}
            count={widener.count}
            countText={words.resultsCount}
            onChoose={state.choose}
          />
        </>
      ) : (
        // The cards may load on demand (TutorCard): they wait in their own boundary, so the
        // heading, focused as the answer arrives, is never hidden behind the panel's fallback
        // (a hidden element loses focus, and a screen reader would be left at the page's start).
        <Suspense fallback={<LoadingState />}>
          <div className={mergeClasses(answer.isValidating && styles.stale)}>
            {children(answer.data.items, keywords)}
            <Pagination page={state.page} pageCount={state.pageCount} onPageChange={state.turnTo} />
          </div>
        </Suspense>
      )}
    </section>
  );
}
