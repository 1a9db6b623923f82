import { memo, type ReactNode } from 'react';
import type { CaseSummary } from '@/api/generated/model';
import { CardGrid } from './CardGrid';
import { CaseCard, type CaseAction } from './CaseCard';

interface CaseCardGridProps {
  items: readonly CaseSummary[];
  label: string;
  /** A line a card shows above its facts, e.g. why a case is recommended. */
  note?: (item: CaseSummary) => ReactNode;
  /** Typed words to mark in each card. */
  words?: readonly string[];
  /** What each card offers on its case (the apply action). */
  action?: CaseAction;
}

/**
 * Memoized: the page around the cards renders again each time one of its SWR answers changes
 * state (asked, answered), synchronously; with the same props (the cases, words, note and
 * action kept by the caller) the cards do not (issue 38: on a phone, the board's 20 cards
 * rendered again after its answer were a long task).
 */
export const CaseCardGrid = memo(function CaseCardGrid({ items, label, note, words, action }: CaseCardGridProps) {
  return (
    <CardGrid items={items} label={label}>
      {(item) => <CaseCard item={item} note={note?.(item)} words={words} action={action} />}
    </CardGrid>
  );
});
