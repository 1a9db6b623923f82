import type { ReactNode, Ref } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { media } from '@/styles/breakpoints';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  titles: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  heading: { margin: 0, scrollMarginTop: tokens.spacingVerticalXXL, ':focus': { outlineStyle: 'none' } },
  count: { color: tokens.colorNeutralForeground3 },
  sort: { minWidth: '180px', [media.narrow]: { flexGrow: 1 } },
});

interface ResultsHeaderProps {
  id: string;
  title: string;
  /** "12 found", once the answer is in. */
  count?: string;
  /** The heading, focused when the results are brought into view (`useRevealResults`). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The order's picker. */
  sort?: ReactNode;
}

/** A board's results heading with their count, and the order they come in. */
export function ResultsHeader({ id, title, count, headingRef, sort }: ResultsHeaderProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.titles}>
        <Text as="h2" size={500} weight="semibold" id={id} className={styles.heading} ref={headingRef} tabIndex={-1}>
          {title}
        </Text>
        {count !== undefined && (
          <Text size={300} className={styles.count} aria-live="polite">
            {count}
          </Text>
        )}
      </div>
      {sort && <div className={styles.sort}>{sort}</div>}
    </div>
  );
}
