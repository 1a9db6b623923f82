import { useListAppliedCases } from '@/api/generated/cases/cases';
import type { CurrentUser } from '@/api/generated/model';

/** Spec §4: an active tutor profile may apply (and has an applied list to load). */
export function hasActiveTutorProfile(user: CurrentUser | undefined): boolean {
  return Boolean(user?.isTutor && user.isTutorProfileActive);
}

/**
 * The case numbers the signed-in tutor applied to. Spec §4: loaded only for a tutor (or in
 * tutor mode) with an active profile; otherwise empty. SWR shares one request among all cards.
 */
export function useAppliedCaseIds(user: CurrentUser | undefined, mode: string) {
  const enabled = (mode === 'tutor' || Boolean(user?.isTutor)) && hasActiveTutorProfile(user);
  const applied = useListAppliedCases({ swr: { enabled } });
  const ids = new Set<number>(enabled ? (applied.data?.items ?? []).map((item) => item.caseId) : []);
  return { ids, error: enabled ? applied.error : undefined, mutate: applied.mutate };
}
