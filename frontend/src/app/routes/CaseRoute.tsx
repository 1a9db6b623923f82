import { Suspense } from 'react';
import { CasePage } from '@/features/cases/routes/CasePage';
import { LoadingState } from '@/components/LoadingState';
import { lazy } from '@/lib/lazy';
import { applyAction } from './apply-action';

// What only the case's owner sees loads when it is shown: a visitor's case page carries none of
// it (docs/adr/0076-public-pages-under-150-kib.md).
const ApplicantList = lazy(async () => ({
  default: (await import('@/features/matching/components/ApplicantList')).ApplicantList,
}));
const SuggestedTutors = lazy(async () => ({
  default: (await import('@/features/matching/components/SuggestedTutors')).SuggestedTutors,
}));

/** /case/{caseId}: the case (cases) with applying, or for its owner the applicants and suggested tutors (matching). */
export function CaseRoute() {
  return (
    <CasePage
      applyAction={applyAction}
      applicants={(props) => (
        <Suspense fallback={<LoadingState />}>
          <ApplicantList {...props} />
        </Suspense>
      )}
      suggestedTutors={(caseId) => (
        <Suspense fallback={<LoadingState />}>
          <SuggestedTutors caseId={caseId} />
        </Suspense>
      )}
    />
  );
}
