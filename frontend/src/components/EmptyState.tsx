import type { ReactNode } from 'react';
import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DocumentSearchRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalXXXL,
    paddingInline: tokens.spacingHorizontalL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke2}`,
  },
  // Inside a section of a page (no reviews yet, no bookings yet): the same look, smaller.
  compact: {
    gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusLarge,
  },
  icon: {
    fontSize: '40px',
    color: tokens.colorBrandForeground2,
  },
  compactIcon: {
    fontSize: '24px',
  },
  title: {
    color: tokens.colorNeutralForeground1,
  },
});

interface EmptyStateProps {
  title: string;
  hint?: string;
  action?: ReactNode;
  /** Inside a section of a page rather than standing for the whole page's content. */
  compact?: boolean;
  className?: string;
}

/** Nothing to show yet: the one look for every empty list, page-sized or inside a section. */
export function EmptyState({ title, hint, action, compact = false, className }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.root, compact && styles.compact, className)} role="status">
      <DocumentSearchRegular className={mergeClasses(styles.icon, compact && styles.compactIcon)} aria-hidden />
      <Text as="p" size={compact ? 300 : 400} weight="semibold" className={styles.title}>
        {title}
      </Text>
      {hint && (
        <Text as="p" size={300}>
          {hint}
        </Text>
      )}
      {action}
    </div>
  );
}
