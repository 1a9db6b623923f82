import { forwardRef, type HTMLAttributes } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // Fluent's Card at its medium size, as it looks when nothing in it is the card itself to focus.
  root: {
    display: 'flex',
    flexDirection: 'column',
    position: 'relative',
    boxSizing: 'border-box',
    overflow: 'hidden',
    padding: '12px',
    gap: '12px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    // A border that high-contrast modes draw and others do not see (Card's own).
    '::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      pointerEvents: 'none',
      borderRadius: tokens.borderRadiusMedium,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    },
  },
  alternative: { backgroundColor: tokens.colorNeutralBackground2 },
});

interface SurfaceProps extends HTMLAttributes<HTMLDivElement> {
  /** Card's `filled` (the default) or `filled-alternative`. */
  appearance?: 'filled' | 'filled-alternative';
}

/**
 * A card to read, not to press: Fluent's Card (filled, medium) in look, without its focus
 * management, whose library (tabster) would weigh 15 KiB on every public page
 * (docs/adr/0076-public-pages-under-150-kib.md). A card that is itself focusable or selectable
 * stays Fluent's Card.
 */
export const Surface = forwardRef<HTMLDivElement, SurfaceProps>(function Surface(
  { appearance = 'filled', className, ...rest },
  ref,
) {
  const styles = useStyles();
  return (
    <div
      ref={ref}
      className={mergeClasses(styles.root, appearance === 'filled-alternative' && styles.alternative, className)}
      {...rest}
    />
  );
});
