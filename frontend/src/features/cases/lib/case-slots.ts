import type { ReactNode } from 'react';
import type { CaseFilters } from '@/lib/case-filters';

/*
 * What the case pages show from other features. Features never import each other, so src/app
 * fills these in (app/routes), as TutorProfileRoute does for a tutor's page.
 */

/** The applicants of one's own case and the choice among them (matching). */
export type ApplicantsSlot = (props: { caseId: number; canChoose: boolean; onChosen: () => void }) => ReactNode;

/** The tutors suggested for one's own case, to invite (matching). */
export type SuggestedTutorsSlot = (caseId: number) => ReactNode;

/** Saving the board's search as an alert (alerts). */
export type SaveSearchSlot = (filters: CaseFilters) => ReactNode;
