import { CaseSearchPanel } from '@/features/cases/components/CaseSearchPanel';
import { applyAction } from './apply-action';
import { saveSearch } from './save-search';

/** The home page's recruit-students tab: the board's search (cases), applying (matching), saving the search (alerts). */
export function CaseSearchTab() {
  return <CaseSearchPanel applyAction={applyAction} saveSearch={saveSearch} />;
}
