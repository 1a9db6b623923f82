import type { CaseAction } from '@/components/CaseCard';
import { CaseApplyAction } from '@/features/matching/components/CaseApplyAction';

/** Matching's apply action, as every case card, row and case page of the board offers it. */
export const applyAction: CaseAction = (item, size) => <CaseApplyAction item={item} size={size} />;
