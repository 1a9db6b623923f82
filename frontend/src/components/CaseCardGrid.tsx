import { makeStyles, tokens } from '@fluentui/react-components';
import type { CaseSummary } from '@/api/generated/model';
import { CaseCard, type CaseAction } from './CaseCard';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
});

interface CaseCardGridProps {
  items: readonly CaseSummary[];
  label: string;
  /** A line a card shows above its facts, e.g. why a case is recommended. */
  note?: (item: CaseSummary) => string | undefined;
  /** Typed words to mark in each card. */
  words?: readonly string[];
  /** What each card offers on its case (the apply action). */
  action?: CaseAction;
}

export function CaseCardGrid({ items, label, note, words, action }: CaseCardGridProps) {
  const styles = useStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <CaseCard item={item} note={note?.(item)} words={words} action={action} />
        </li>
      ))}
    </ul>
  );
}
