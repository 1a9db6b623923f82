import { MyCasesPage } from '@/features/cases/routes/MyCasesPage';
import { ApplicantList } from '@/features/matching/components/ApplicantList';
import { SuggestedTutors } from '@/features/matching/components/SuggestedTutors';

/** /my-cases: one's own cases (cases) with their applicants and suggested tutors (matching). */
export function MyCasesRoute() {
  return (
    <MyCasesPage
      applicants={(props) => <ApplicantList {...props} />}
      suggestedTutors={(caseId) => <SuggestedTutors caseId={caseId} />}
    />
  );
}
