import { useSearchCases } from '@/api/generated/cases/cases';
import type { CaseAction } from '@/components/CaseCard';
import { CaseCardGrid } from '@/components/CaseCardGrid';
import { SearchForm } from '@/components/SearchForm';
import { SearchPanel } from '@/components/SearchPanel';
import { homeTabs } from '@/config/paths';
import { useSearchListState } from '@/hooks/use-search-list-state';
import { t } from '@/i18n/zh-HK';
import { caseSearchCodec } from '@/lib/case-filters';
import { caseWidener } from '../lib/case-widening';
import type { SaveSearchSlot } from '../lib/case-slots';
import { CaseFilterFields } from './CaseFilterFields';

export const HOME_SEARCH_PAGE_SIZE = 12;

/** The case board's search: `?tab=cases&…` (as on /all-cases) and GET /cases. */
const caseBoard = { ...caseSearchCodec, usePage: useSearchCases };

/**
 * The home search panel's recruit-students tab: words, filters, a search button and matching cases
 * from GET /cases (filtered on the server). The search made is kept in the URL; leaving the tab
 * clears it.
 */
export function CaseSearchPanel({ applyAction, saveSearch }: { applyAction: CaseAction; saveSearch: SaveSearchSlot }) {
  const state = useSearchListState(caseBoard, { tab: homeTabs.recruitStudents, pageSize: HOME_SEARCH_PAGE_SIZE });
  const form = (
    <SearchForm
      filters={state.draft}
      onChange={state.setDraft}
      onSearch={state.search}
      onReset={state.reset}
      label={t.home.tabs.recruitStudents}
    >
      <CaseFilterFields filters={state.draft} onChange={state.setDraft} variant="home" />
    </SearchForm>
  );
  return (
    <SearchPanel state={state} words={t.cases.search} form={form} widener={caseWidener} aside={saveSearch}>
      {(items, words) => (
        <CaseCardGrid items={items} label={t.cases.search.resultsHeading} words={words} action={applyAction} />
      )}
    </SearchPanel>
  );
}
