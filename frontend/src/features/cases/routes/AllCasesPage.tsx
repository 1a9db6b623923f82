import { Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Surface } from '@/components/Surface';
import { ChevronDownRegular, ChevronUpRegular, FilterRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { useSearchCases } from '@/api/generated/cases/cases';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { Pagination } from '@/components/Pagination';
import { SearchForm } from '@/components/SearchForm';
import { SortSelect } from '@/components/SortSelect';
import { WidenSearch } from '@/components/WidenSearch';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useSearchDraft } from '@/hooks/use-url-search';
import { useRevealResults } from '@/hooks/use-reveal-results';
import { keywordsOf } from '@/lib/keywords';
import { t } from '@/i18n/zh-HK';
import { lazy } from '@/lib/lazy';
import { media, mediaQueries } from '@/styles/breakpoints';
import type { CaseAction } from '@/components/CaseCard';
import { CaseCardGrid } from '@/components/CaseCardGrid';
import type { SaveSearchSlot } from '../lib/case-slots';
import { caseWidener } from '../lib/case-widening';
import {
  caseSorts,
  emptyCaseFilters,
  countActiveFilters,
  fromSearchParams,
  toCaseQuery,
  toSearchParams,
  type CaseFilters,
} from '@/lib/case-filters';
import { pageCountOf } from '@/lib/search-params';

/** Spec §9: case list page size. */
export const ALL_CASES_PAGE_SIZE = 20;

// A phone folds the filters away and lists cases as cards: the filters' fields (their multi-selects
// and popovers) and the wide screen's table load when shown
// (docs/adr/0076-public-pages-under-150-kib.md).
const CaseFilterFields = lazy(async () => ({
  default: (await import('../components/CaseFilterFields')).CaseFilterFields,
}));
const CaseTable = lazy(async () => ({ default: (await import('@/components/CaseTable')).CaseTable }));

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  title: { margin: 0 },
  intro: { color: tokens.colorNeutralForeground2 },
  filters: {
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    gap: tokens.spacingVerticalM,
  },
  filtersHeading: { margin: 0 },
  filtersToggle: {
    width: '100%',
    justifyContent: 'flex-start',
    paddingInline: 0,
  },
  filtersToggleLabel: {
    flexGrow: 1,
    textAlign: 'start',
    fontSize: tokens.fontSizeBase400,
  },
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'end',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground2,
  },
  counts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  total: { margin: 0, fontWeight: tokens.fontWeightRegular, ':focus': { outlineStyle: 'none' } },
  sort: { minWidth: '180px', [media.narrow]: { flexGrow: 1 } },
  stale: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationFast },
});

/**
 * /all-cases: words and filters applied by the search button as a server-side query; they and the
 * page live in the URL so reload and back keep them; a table on wide screens, cards on phones,
 * the words marked where they were found.
 */
export function AllCasesPage({ applyAction, saveSearch }: { applyAction: CaseAction; saveSearch: SaveSearchSlot }) {
  const styles = useStyles();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryString = searchParams.toString();
  const applied = useMemo(() => fromSearchParams(new URLSearchParams(queryString)), [queryString]);
  // Back/forward (or a link) changes the URL: the form follows the applied filters.
  const [draft, setDraft] = useSearchDraft(applied.filters, emptyCaseFilters);
  const isWide = useMediaQuery(mediaQueries.wide);
  // On phones the filters fold away (the words box stays) so the cases come first.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const showFilters = isWide || filtersOpen;
  const cases = useSearchCases(toCaseQuery(applied.filters, { page: applied.page, pageSize: ALL_CASES_PAGE_SIZE }));

  const activeFilterCount = countActiveFilters(applied.filters);
  // The same array while the words stay: the memoized cards render again only for new words.
  const words = useMemo(() => keywordsOf(applied.filters.q), [applied.filters.q]);

  // Another search of the same page keeps the scroll position (the results are brought into
  // view when they come; a new page number scrolls to the top itself).
  const goTo = (filters: CaseFilters, page: number) => {
    setSearchParams(toSearchParams(filters, page), { preventScrollReset: true });
  };
  // A search the person makes is brought into view once it is answered.
  const settled = !cases.isValidating && (cases.data !== undefined || cases.error !== undefined);
  const results = useRevealResults<HTMLElement>(queryString, settled);
  const searchAgain = (filters: CaseFilters) => {
    goTo(filters, 1);
    results.reveal(toSearchParams(filters, 1).toString());
  };
  const onSearch = () => {
    searchAgain(draft);
    setFiltersOpen(false);
  };
  const onReset = () => {
    setDraft(emptyCaseFilters);
    goTo(emptyCaseFilters, 1);
  };
  const onPageChange = (page: number) => {
    goTo(applied.filters, page);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  // The table of 20 cases is the page's heaviest render: when the answer comes, it renders in
  // the background, yielding to the browser (a phone stays responsive), then shows at once.
  const data = useDeferredValue(cases.data);
  return (
    <div className={styles.root}>
      <title>{t.pageTitle(t.cases.allCases.title)}</title>
      <header className={styles.header}>
        <Text as="h1" size={800} weight="bold" className={styles.title}>
          {t.cases.allCases.title}
        </Text>
        <Text size={300} className={styles.intro}>
          {t.cases.allCases.intro}
        </Text>
      </header>

      <Surface className={styles.filters} appearance="filled">
        {isWide ? (
          <Text as="h2" size={400} weight="semibold" className={styles.filtersHeading}>
            {t.filters.heading}
          </Text>
        ) : (
          <Button
            appearance="transparent"
            className={styles.filtersToggle}
            icon={<FilterRegular />}
            aria-expanded={filtersOpen}
            aria-controls="all-cases-filter-fields"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <span className={styles.filtersToggleLabel}>
              {activeFilterCount > 0 ? t.filters.headingWithCount(activeFilterCount) : t.filters.heading}
            </span>
            {filtersOpen ? <ChevronUpRegular /> : <ChevronDownRegular />}
          </Button>
        )}
        {/* The words box stays in sight on phones; the filters fold away. */}
        <SearchForm
          id="all-cases-filters"
          filters={draft}
          onChange={setDraft}
          onSearch={onSearch}
          onReset={onReset}
          label={t.filters.heading}
          showFields={showFilters}
          fieldsId="all-cases-filter-fields"
        >
          <Suspense fallback={<LoadingState />}>
            <CaseFilterFields filters={draft} onChange={setDraft} variant="all-cases" />
          </Suspense>
        </SearchForm>
      </Surface>

      <section aria-label={t.cases.allCases.listLabel} aria-busy={cases.isValidating}>
        {cases.error ? (
          <ErrorBanner message={errorMessage(cases.error, t.cases.allCases.failed)} />
        ) : !data ? (
          <LoadingState />
        ) : (
          <div className={mergeClasses(styles.root, cases.isValidating && styles.stale)}>
            <div className={styles.summary}>
              <div className={styles.counts}>
                {/* The count is where a search's results start: brought into view after one. */}
                <Text
                  as="h2"
                  size={300}
                  aria-live="polite"
                  data-testid="cases-total"
                  className={styles.total}
                  ref={results.ref}
                  tabIndex={-1}
                >
                  {t.cases.allCases.total(data.total)}
                </Text>
                <Text size={200}>
                  {t.pagination.pageOf(applied.page, pageCountOf(data.total, ALL_CASES_PAGE_SIZE))}
                </Text>
              </div>
              <SortSelect
                className={styles.sort}
                value={applied.filters.sort}
                sorts={caseSorts}
                onChange={(sort) => goTo({ ...applied.filters, sort }, 1)}
              />
            </div>
            {saveSearch(applied.filters)}
            {data.items.length === 0 ? (
              <>
                <EmptyState
                  title={
                    activeFilterCount > 0 || words.length > 0 ? t.cases.allCases.emptyFiltered : t.cases.allCases.empty
                  }
                  hint={t.cases.allCases.emptyHint}
                />
                <WidenSearch
                  board={caseWidener.board}
                  options={caseWidener.options(applied.filters)}
                  count={caseWidener.count}
                  countText={t.cases.allCases.total}
                  onChoose={searchAgain}
                />
              </>
            ) : isWide ? (
              <Suspense fallback={<LoadingState />}>
                <CaseTable items={data.items} words={words} action={applyAction} />
              </Suspense>
            ) : (
              <CaseCardGrid items={data.items} label={t.cases.allCases.listLabel} words={words} action={applyAction} />
            )}
            <Pagination
              page={applied.page}
              pageCount={pageCountOf(data.total, ALL_CASES_PAGE_SIZE)}
              onPageChange={onPageChange}
            />
          </div>
        )}
      </section>
    </div>
  );
}
