import { useListAppliedCases, useListMyCases } from '@/api/generated/cases/cases';
import type { ApplicationBody, CurrentUser } from '@/api/generated/model';
import { hasActiveTutorProfile } from '@/session/tutor';

/**
 * The cases an application still holds: a withdrawn one does not, so the tutor may apply
 * again (docs/adr/0025-applications-one-per-tutor-capped.md).
 */
export function appliedCaseIds(items: readonly Pick<ApplicationBody, 'caseId' | 'status'>[]): Set<number> {
  return new Set(items.filter((item) => item.status !== 'withdrawn').map((item) => item.caseId));
}

/**
 * The case numbers the signed-in tutor applied to. Spec §4: loaded only for a tutor (or in
 * tutor mode) with an active profile; otherwise empty. SWR shares one request among all cards.
 */
export function useAppliedCaseIds(user: CurrentUser | undefined, mode: string) {
  const enabled = (mode === 'tutor' || Boolean(user?.isTutor)) && hasActiveTutorProfile(user);
  const applied = useListAppliedCases({ swr: { enabled } });
  const ids = appliedCaseIds(enabled ? (applied.data?.items ?? []) : []);
  return { ids, error: enabled ? applied.error : undefined, mutate: applied.mutate };
}

/**
 * The case numbers the signed-in member posted, so a case card can say "your case" instead of
 * asking its own owner to act as a tutor. The same request as /my-cases (its first 100 cases),
 * shared by SWR among all cards.
 */
export function useOwnCaseIds(loggedIn: boolean): Set<number> {
  const mine = useListMyCases({ pageSize: 100 }, { swr: { enabled: loggedIn } });
  return new Set(loggedIn ? (mine.data?.items ?? []).map((item) => item.caseId) : []);
}
