import { CasePage } from '@/features/cases/routes/CasePage';
import { ApplicantList } from '@/features/matching/components/ApplicantList';
import { SuggestedTutors } from '@/features/matching/components/SuggestedTutors';
import { applyAction } from './apply-action';

/** /case/{caseId}: the case (cases) with applying, or for its owner the applicants and suggested tutors (matching). */
export function CaseRoute() {
  return (
    <CasePage
      applyAction={applyAction}
      applicants={(props) => <ApplicantList {...props} />}
      suggestedTutors={(caseId) => <SuggestedTutors caseId={caseId} />}
    />
  );
}
