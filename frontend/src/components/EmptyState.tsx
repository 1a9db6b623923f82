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
  icon: {
    fontSize: '40px',
    color: tokens.colorBrandForeground2,
  },
  title: {
    color: tokens.colorNeutralForeground1,
  },
});

interface EmptyStateProps {
  title: string;
  hint?: string;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, hint, action, className }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.root, className)} role="status">
      <DocumentSearchRegular className={styles.icon} aria-hidden />
      <Text as="p" size={400} weight="semibold" className={styles.title}>
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
