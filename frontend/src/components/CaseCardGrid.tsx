import type { ReactNode } from 'react';
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

export function CaseCardGrid({ items, label, note, words, action }: CaseCardGridProps) {
  return (
    <CardGrid items={items} label={label}>
      {(item) => <CaseCard item={item} note={note?.(item)} words={words} action={action} />}
    </CardGrid>
  );
}
