import { AllCasesPage } from '@/features/cases/routes/AllCasesPage';
import { applyAction } from './apply-action';
import { saveSearch } from './save-search';

/** /all-cases: the board (cases) with the apply action (matching) and saving the search as an alert (alerts). */
export function AllCasesRoute() {
  return <AllCasesPage applyAction={applyAction} saveSearch={saveSearch} />;
}
