import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

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

interface CardGridProps<T> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** One item's card. */
  children: (item: T) => ReactNode;
}

/** Result cards (cases, tutors) as a labelled list: as many columns as fit, one on a phone. */
export function CardGrid<T extends { id: string }>({ items, label, children }: CardGridProps<T>) {
  const styles = useStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
