import type { CurrentUser } from '@/api/generated/model';

/** Spec §4: an approved tutor whose profile is listed: may apply, save searches, be invited. */
export function hasActiveTutorProfile(user: CurrentUser | undefined): boolean {
  return Boolean(user?.isTutor && user.isTutorProfileActive);
}
