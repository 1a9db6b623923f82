import { type FormEvent } from 'react';
import { Button, Field, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { useSearchTutors } from '@/api/generated/tutors/tutors';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FeeRangeFields } from '@/components/FeeRangeFields';
import { FilterSelect, plainOptions } from '@/components/FilterSelect';
import { LoadingState } from '@/components/LoadingState';
import { KeywordBox } from '@/components/KeywordBox';
import { Pagination } from '@/components/Pagination';
import { ResultsHeader } from '@/components/ResultsHeader';
import { SortSelect } from '@/components/SortSelect';
import { useRevealResults } from '@/hooks/use-reveal-results';
import { useSearchDraft, useUrlSearch, type SearchInUrl } from '@/hooks/use-url-search';
import { keywordsOf } from '@/lib/keywords';
import { areasOf, findLevel, findRegion, useCatalogue } from '@/lib/catalogue';
import { isFeeRangeValid } from '@/lib/min-rate';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';
import {
  emptyTutorFilters,
  toTutorQuery,
  tutorSearchFromParams,
  tutorSearchToParams,
  tutorSorts,
  withTutorLevel,
  withTutorRegion,
  type TutorFilters,
} from '../lib/tutor-filters';
import { TutorCard } from './TutorCard';
import { TutorWidening } from './TutorWidening';

export const TUTOR_SEARCH_PAGE_SIZE = 12;

const inUrl: SearchInUrl<TutorFilters> = { write: tutorSearchToParams, read: tutorSearchFromParams };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    paddingTop: tokens.spacingVerticalM,
  },
  searchButton: { minWidth: '140px', [media.narrow]: { flexGrow: 1 } },
  results: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  stale: { opacity: 0.6 },
  keywords: { marginBottom: tokens.spacingVerticalM },
});

/**
 * The home search panel's find-tutors tab: words, level -> subject, region -> area, fee range;
 * matching active tutors from GET /tutors (filtered on the server). The search made is kept in
 * the URL; leaving the tab clears it.
 */
export function TutorSearchPanel() {
  const styles = useStyles();
  const catalogue = useCatalogue();
  // The search made lives in the URL (the first tab: no `tab`), so a reload, back or a shared
  // link shows it again; the form edits a draft until the search button.
  const [searched, setSearched] = useUrlSearch(null, inUrl);
  const submitted = searched?.filters ?? null;
  const page = searched?.page ?? 1;
  // The URL changed under the panel (back, a link, the logo): the form follows it.
  const [draft, setDraft] = useSearchDraft(submitted, emptyTutorFilters);
  const search = useSearchTutors(
    submitted ? toTutorQuery(submitted, { page, pageSize: TUTOR_SEARCH_PAGE_SIZE }) : undefined,
    {
      swr: { enabled: submitted !== null },
    },
  );
  const level = findLevel(catalogue.data, draft.level);
  const region = findRegion(catalogue.data, draft.region);
  const set = (patch: Partial<TutorFilters>) => setDraft({ ...draft, ...patch });

  // A search the person makes (or a page they turn to) is brought into view once it is answered.
  const shown = submitted ? tutorSearchToParams(submitted, page).toString() : '';
  const settled = !search.isValidating && (search.data !== undefined || search.error !== undefined);
  const results = useRevealResults<HTMLHeadingElement>(shown, settled);
  const go = (filters: TutorFilters, next: number) => {
    setSearched({ filters, page: next });
    results.reveal(tutorSearchToParams(filters, next).toString());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The field says what is wrong; the server would only refuse the range.
    if (isFeeRangeValid(draft.minRate, draft.maxRate)) go(draft, 1);
  };
  const onReset = () => {
    setDraft(emptyTutorFilters);
    setSearched(null);
  };
  const setPage = (next: number) => submitted && go(submitted, next);

  return (
    <div className={styles.root}>
      {catalogue.error && <ErrorBanner message={errorMessage(catalogue.error, t.common.catalogueFailed)} />}
      <form onSubmit={onSubmit} aria-label={t.tutors.search.formLabel} noValidate>
        <KeywordBox value={draft.q} onChange={(q) => set({ q })} className={styles.keywords} />
        <div className={styles.grid}>
          <FilterSelect
            label={t.filters.level}
            value={draft.level}
            options={(catalogue.data?.levels ?? []).map((l) => ({ value: l.key, label: catalogueName(l.label) }))}
            onChange={(value) => setDraft(withTutorLevel(draft, value))}
          />
          {level?.freeTextSubject ? (
            <Field label={t.filters.subject}>
              <Input
                value={draft.subject}
                placeholder={t.filters.subjectFreeTextPlaceholder}
                onChange={(_, data) => set({ subject: data.value })}
              />
            </Field>
          ) : (
            <FilterSelect
              label={t.filters.subject}
              value={draft.subject}
              options={plainOptions(level?.subjects ?? [])}
              onChange={(value) => set({ subject: value })}
              disabled={level === undefined}
              emptyLabel={level === undefined ? t.filters.chooseLevelFirst : undefined}
            />
          )}
          <FilterSelect
            label={t.filters.region}
            value={draft.region}
            options={plainOptions((catalogue.data?.regions ?? []).map((r) => r.name))}
            onChange={(value) => setDraft(withTutorRegion(draft, value))}
          />
          <FilterSelect
            label={t.filters.area}
            value={draft.area}
            options={plainOptions(areasOf(region))}
            onChange={(value) => set({ area: value })}
            disabled={region === undefined}
            emptyLabel={region === undefined ? t.filters.chooseRegionFirst : undefined}
          />
          <FeeRangeFields minRate={draft.minRate} maxRate={draft.maxRate} onChange={set} />
        </div>
        <div className={styles.actions}>
          <Button appearance="subtle" icon={<DismissRegular />} onClick={onReset} type="button">
            {t.filters.reset}
          </Button>
          <Button appearance="primary" icon={<SearchRegular />} type="submit" className={styles.searchButton}>
            {t.filters.search}
          </Button>
        </div>
      </form>

      {submitted && (
        <section className={styles.results} aria-labelledby="tutor-search-results" aria-busy={search.isValidating}>
          <ResultsHeader
            id="tutor-search-results"
            title={t.tutors.search.resultsHeading}
            count={search.data && t.tutors.search.resultsCount(search.data.total)}
            headingRef={results.ref}
            sort={
              <SortSelect
                value={submitted.sort}
                sorts={tutorSorts}
                onChange={(sort) => setSearched({ filters: { ...submitted, sort }, page: 1 })}
              />
            }
          />
          {search.error ? (
            <ErrorBanner message={errorMessage(search.error, t.tutors.search.failed)} />
          ) : !search.data ? (
            <LoadingState />
          ) : search.data.items.length === 0 ? (
            <>
              <EmptyState title={t.tutors.search.empty} hint={t.tutors.search.emptyHint} />
              <TutorWidening filters={submitted} onChoose={(filters) => go(filters, 1)} />
            </>
          ) : (
            <div className={mergeClasses(search.isValidating && styles.stale)}>
              <ul className={styles.cards} aria-label={t.tutors.search.resultsHeading}>
                {search.data.items.map((tutor) => (
                  <li key={tutor.id}>
                    <TutorCard tutor={tutor} words={keywordsOf(submitted.q)} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageCount={Math.max(1, Math.ceil(search.data.total / TUTOR_SEARCH_PAGE_SIZE))}
                onPageChange={setPage}
              />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
