import type { CurrentUser } from '@/api/generated/model';
import type { Session } from './session';

/** Spec §4: an approved tutor whose profile is listed: may apply, save searches, be invited. */
export function hasActiveTutorProfile(user: CurrentUser | undefined): boolean {
  return Boolean(user?.isTutor && user.isTutorProfileActive);
}

/** An active tutor working as a tutor (tutor mode): applies to cases, is shown the cases that fit. */
export function isWorkingTutor(session: Pick<Session, 'mode' | 'user'>): boolean {
  return session.mode === 'tutor' && hasActiveTutorProfile(session.user);
}
