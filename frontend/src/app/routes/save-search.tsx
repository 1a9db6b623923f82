import { Suspense } from 'react';
import type { CaseFilters } from '@/lib/case-filters';
import { lazy } from '@/lib/lazy';
import { useSession } from '@/session/session';
import { hasActiveTutorProfile } from '@/session/tutor';

// Only an active tutor saves a search: its button and dialog load for them alone
// (docs/adr/0076-public-pages-under-150-kib.md).
const SaveSearchButton = lazy(async () => ({
  default: (await import('@/features/alerts/components/SaveSearchButton')).SaveSearchButton,
}));

/** Alerts' save-search button, as the board and home's recruit-students tab offer it. */
export function SaveSearch({ filters }: { filters: CaseFilters }) {
  const session = useSession();
  if (!hasActiveTutorProfile(session.user)) return null;
  return (
    <Suspense fallback={null}>
      <SaveSearchButton filters={filters} />
    </Suspense>
  );
}

/** The board's `saveSearch` slot. */
export const saveSearch = (filters: CaseFilters) => <SaveSearch filters={filters} />;
