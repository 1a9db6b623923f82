import { useEffect, useState } from 'react';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useSearchCases } from '@/api/generated/cases/cases';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { Pagination } from '@/components/Pagination';
import { homeTabs } from '@/config/paths';
import { useUrlWords } from '@/hooks/use-url-words';
import { keywordsOf } from '@/lib/keywords';
import { t } from '@/i18n/zh-HK';
import { emptyCaseFilters, pageCountOf, toCaseQuery, type CaseFilters } from '../lib/case-filters';
import { CaseCardGrid } from './CaseCardGrid';
import { SaveSearchButton } from './SaveSearchButton';
import { CaseFilterForm } from './CaseFilterForm';

export const HOME_SEARCH_PAGE_SIZE = 12;

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
  resultsHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  heading: { margin: 0 },
  count: { color: tokens.colorNeutralForeground3 },
  stale: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationFast },
});

/**
 * The home search panel's recruit-students tab: words, filters, a search button and matching cases
 * from GET /cases (filtered on the server). Its state lives here, so leaving the tab clears it;
 * the words searched are also kept in the URL.
 */
export function CaseSearchPanel() {
  const styles = useStyles();
  const [urlWords, setUrlWords] = useUrlWords(homeTabs.recruitStudents);
  // Words in the URL (a reload, a shared link) search at once.
  const [draft, setDraft] = useState<CaseFilters>({ ...emptyCaseFilters, q: urlWords });
  const [submitted, setSubmitted] = useState<CaseFilters | null>(urlWords.trim() ? draft : null);
  const [page, setPage] = useState(1);
  // The URL changed under the panel (a link to /?q=…, the logo, the same tab again): follow it.
  useEffect(() => {
    if (urlWords.trim() === (submitted?.q.trim() ?? '')) return;
    const filters: CaseFilters = { ...emptyCaseFilters, q: urlWords };
    setDraft(filters);
    setSubmitted(urlWords.trim() ? filters : null);
    setPage(1);
  }, [urlWords, submitted]);
  const search = useSearchCases(
    submitted ? toCaseQuery(submitted, { page, pageSize: HOME_SEARCH_PAGE_SIZE }) : undefined,
    { swr: { enabled: submitted !== null } },
  );

  const onSearch = () => {
    setSubmitted(draft);
    setPage(1);
    setUrlWords(draft.q);
  };
  const onReset = () => {
    setDraft(emptyCaseFilters);
    setSubmitted(null);
    setPage(1);
    setUrlWords('');
  };

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
          <div className={styles.resultsHeader}>
            <Text as="h2" size={500} weight="semibold" id="case-search-results" className={styles.heading}>
              {t.cases.search.resultsHeading}
            </Text>
            {search.data && (
              <Text size={300} className={styles.count} aria-live="polite">
                {t.cases.search.resultsCount(search.data.total)}
              </Text>
            )}
          </div>
          <SaveSearchButton filters={submitted} />
          {search.error ? (
            <ErrorBanner message={errorMessage(search.error, t.cases.search.failed)} />
          ) : !search.data ? (
            <LoadingState />
          ) : search.data.items.length === 0 ? (
            <EmptyState title={t.cases.search.empty} hint={t.cases.search.emptyHint} />
          ) : (
            <div className={mergeClasses(search.isValidating && styles.stale)}>
              <CaseCardGrid
                items={search.data.items}
                label={t.cases.search.resultsHeading}
                words={keywordsOf(submitted.q)}
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
