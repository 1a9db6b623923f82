import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useSearchCases } from '@/api/generated/cases/cases';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { Pagination } from '@/components/Pagination';
import { ResultsHeader } from '@/components/ResultsHeader';
import { SortSelect } from '@/components/SortSelect';
import { WidenSearch } from '@/components/WidenSearch';
import { homeTabs } from '@/config/paths';
import { useRevealResults } from '@/hooks/use-reveal-results';
import { useSearchDraft, useUrlSearch, type SearchInUrl } from '@/hooks/use-url-search';
import { keywordsOf } from '@/lib/keywords';
import { t } from '@/i18n/zh-HK';
import {
  caseSorts,
  emptyCaseFilters,
  fromSearchParams,
  pageCountOf,
  toCaseQuery,
  toSearchParams,
  type CaseFilters,
} from '@/lib/case-filters';
import { caseWideningOptions, countCases } from '../lib/case-widening';
import type { CaseAction } from '@/components/CaseCard';
import { CaseCardGrid } from '@/components/CaseCardGrid';
import type { SaveSearchSlot } from '../lib/case-slots';
import { CaseFilterForm } from './CaseFilterForm';

export const HOME_SEARCH_PAGE_SIZE = 12;

const inUrl: SearchInUrl<CaseFilters> = { write: toSearchParams, read: fromSearchParams };

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
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
 * The home search panel's recruit-students tab: words, filters, a search button and matching cases
 * from GET /cases (filtered on the server). The search made is kept in the URL; leaving the tab
 * clears it.
 */
export function CaseSearchPanel({ applyAction, saveSearch }: { applyAction: CaseAction; saveSearch: SaveSearchSlot }) {
  const styles = useStyles();
  // The search made lives in the URL (`?tab=cases&…`), as on /all-cases: a reload, back or a
  // shared link shows it again; the form edits a draft until the search button.
  const [searched, setSearched] = useUrlSearch(homeTabs.recruitStudents, inUrl);
  const submitted = searched?.filters ?? null;
  const page = searched?.page ?? 1;
  // The URL changed under the panel (back, a link, the logo): the form follows it.
  const [draft, setDraft] = useSearchDraft(submitted, emptyCaseFilters);
  const search = useSearchCases(
    submitted ? toCaseQuery(submitted, { page, pageSize: HOME_SEARCH_PAGE_SIZE }) : undefined,
    { swr: { enabled: submitted !== null } },
  );

  // A search the person makes (or a page they turn to) is brought into view once it is answered.
  const shown = submitted ? toSearchParams(submitted, page).toString() : '';
  const settled = !search.isValidating && (search.data !== undefined || search.error !== undefined);
  const results = useRevealResults<HTMLHeadingElement>(shown, settled);
  const go = (filters: CaseFilters, next: number) => {
    setSearched({ filters, page: next });
    results.reveal(toSearchParams(filters, next).toString());
  };
  const onSearch = () => go(draft, 1);
  const onReset = () => {
    setDraft(emptyCaseFilters);
    setSearched(null);
  };
  const setPage = (next: number) => submitted && go(submitted, next);

  return (
    <div className={styles.root}>
      <CaseFilterForm
        filters={draft}
        onChange={setDraft}
        onSearch={onSearch}
        onReset={onReset}
        variant="home"
        label={t.home.tabs.recruitStudents}
      />

      {submitted && (
        <section className={styles.results} aria-labelledby="case-search-results" aria-busy={search.isValidating}>
          <ResultsHeader
            id="case-search-results"
            title={t.cases.search.resultsHeading}
            count={search.data && t.cases.search.resultsCount(search.data.total)}
            headingRef={results.ref}
            sort={
              <SortSelect
                value={submitted.sort}
                sorts={caseSorts}
                onChange={(sort) => setSearched({ filters: { ...submitted, sort }, page: 1 })}
              />
            }
          />
          {saveSearch(submitted)}
          {search.error ? (
            <ErrorBanner message={errorMessage(search.error, t.cases.search.failed)} />
          ) : !search.data ? (
            <LoadingState />
          ) : search.data.items.length === 0 ? (
            <>
              <EmptyState title={t.cases.search.empty} hint={t.cases.search.emptyHint} />
              <WidenSearch
                board="cases"
                options={caseWideningOptions(submitted)}
                count={countCases}
                countText={t.cases.search.resultsCount}
                onChoose={(filters) => go(filters, 1)}
              />
            </>
          ) : (
            <div className={mergeClasses(search.isValidating && styles.stale)}>
              <CaseCardGrid
                items={search.data.items}
                label={t.cases.search.resultsHeading}
                words={keywordsOf(submitted.q)}
                action={applyAction}
              />
              <Pagination
                page={page}
                pageCount={pageCountOf(search.data.total, HOME_SEARCH_PAGE_SIZE)}
                onPageChange={setPage}
              />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
