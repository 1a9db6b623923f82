import { Fragment, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Surface } from '@/components/Surface';
import { media } from '@/styles/breakpoints';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '880px',
    width: '100%',
    marginInline: 'auto',
  },
  card: {
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusXLarge,
    [media.wide]: { padding: tokens.spacingHorizontalXXL },
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    [media.wide]: { gridTemplateColumns: '140px 1fr' },
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase300 },
  value: {
    margin: 0,
    marginBottom: tokens.spacingVerticalS,
    whiteSpace: 'pre-wrap',
    color: tokens.colorNeutralForeground1,
  },
});

/** The column of a page about one thing (a tutor, a case, an application): readable width, cards stacked. */
export function DetailPage({ children }: { children: ReactNode }) {
  return <div className={useStyles().page}>{children}</div>;
}

/** One card of a detail page. */
export function DetailCard({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <Surface className={mergeClasses(useStyles().card, className)} data-testid={testId}>
      {children}
    </Surface>
  );
}

/** Label and value pairs: stacked on a phone, two columns on a wide screen. */
export function FactList({ label, facts }: { label: string; facts: readonly (readonly [string, string])[] }) {
  const styles = useStyles();
  return (
    <dl className={styles.facts} aria-label={label}>
      {facts.map(([name, value]) => (
        <Fragment key={name}>
          <dt className={styles.label}>{name}</dt>
          <dd className={styles.value}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
