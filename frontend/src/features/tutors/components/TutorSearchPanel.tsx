import { useSearchTutors } from '@/api/generated/tutors/tutors';
import { CardGrid } from '@/components/CardGrid';
import { SearchForm } from '@/components/SearchForm';
import { SearchPanel } from '@/components/SearchPanel';
import { useSearchListState } from '@/hooks/use-search-list-state';
import { t } from '@/i18n/zh-HK';
import { lazy } from '@/lib/lazy';
import { tutorSearchCodec } from '../lib/tutor-filters';
import { tutorWidener } from '../lib/tutor-widening';
import { TutorFilterFields } from './TutorFilterFields';

export const TUTOR_SEARCH_PAGE_SIZE = 12;

// Shown with the results, inside their own Suspense (SearchResults): loaded once a search is made.
const TutorCard = lazy(async () => ({ default: (await import('./TutorCard')).TutorCard }));

/** The tutor directory's search: home's first tab (no `tab`) and GET /tutors. */
const tutorBoard = { ...tutorSearchCodec, usePage: useSearchTutors };

/**
 * The home search panel's find-tutors tab: words, level -> subject, region -> area, fee range;
 * matching active tutors from GET /tutors (filtered on the server). The search made is kept in
 * the URL; leaving the tab clears it.
 */
export function TutorSearchPanel() {
  const state = useSearchListState(tutorBoard, { tab: null, pageSize: TUTOR_SEARCH_PAGE_SIZE });
  const { draft, setDraft } = state;
  const form = (
    <SearchForm
      filters={draft}
      onChange={setDraft}
      onSearch={state.search}
      onReset={state.reset}
      label={t.tutors.search.formLabel}
    >
      <TutorFilterFields filters={draft} onChange={setDraft} />
    </SearchForm>
  );
  return (
    <SearchPanel state={state} words={t.tutors.search} form={form} widener={tutorWidener}>
      {(tutors, words) => (
        <CardGrid items={tutors} label={t.tutors.search.resultsHeading}>
          {(tutor) => <TutorCard tutor={tutor} words={words} />}
        </CardGrid>
      )}
    </SearchPanel>
  );
}
