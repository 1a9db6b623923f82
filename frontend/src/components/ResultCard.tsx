import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Surface } from '@/components/Surface';
import type { FluentIcon } from '@fluentui/react-icons';

const useStyles = makeStyles({
  card: {
    height: '100%',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    alignItems: 'start',
  },
  factLabel: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase300,
    whiteSpace: 'nowrap',
  },
  factValue: { margin: 0, fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground1 },
  emphasis: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  icon: { fontSize: '16px', color: tokens.colorBrandForeground2 },
  // At the card's bottom whatever the header's height, so cards side by side line their feet up.
  footer: {
    marginTop: 'auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // The action stands at the foot's end, with or without a footnote before it.
  action: { marginInlineStart: 'auto' },
});

/** One line of a card's facts: an icon and a label, then the value. */
export interface CardFact {
  /** The label shown; it also tells the lines apart. */
  label: string;
  icon: FluentIcon;
  value: ReactNode;
  /** The fee: larger, in the brand's colour. */
  emphasis?: boolean;
}

interface ResultCardProps {
  /** The card's test id (`case-card`, `tutor-card`). */
  testId: string;
  /** What the card is about: its heading and what goes with it. */
  header: ReactNode;
  facts: readonly CardFact[];
  /** The foot's start, e.g. when the case was posted. */
  footnote?: ReactNode;
  /** The foot's end: what the card offers (apply, view details). */
  action?: ReactNode;
}

/**
 * The frame of a search result's card, the same for a case and a tutor: a header, the facts as a
 * description list, and a foot with a footnote and an action.
 */
export function ResultCard({ testId, header, facts, footnote, action }: ResultCardProps) {
  const styles = useStyles();
  return (
    <Surface className={styles.card} appearance="filled" data-testid={testId}>
      {header}
      <dl className={styles.facts}>
        {facts.map(({ label, icon: Icon, value, emphasis }) => [
          <dt key={`${label}-label`} className={styles.factLabel}>
            <Icon className={styles.icon} aria-hidden />
            {label}
          </dt>,
          <dd key={`${label}-value`} className={emphasis ? styles.emphasis : styles.factValue}>
            {value}
          </dd>,
        ])}
      </dl>
      <div className={styles.footer}>
        {footnote}
        {action && <div className={styles.action}>{action}</div>}
      </div>
    </Surface>
  );
}
