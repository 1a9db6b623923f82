import type { ReactNode } from 'react';
import { ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, CheckmarkRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  // 44 px high on every screen: a chip is tapped, not clicked.
  chip: {
    minHeight: '44px',
    minWidth: 0,
    maxWidth: '100%',
    fontWeight: tokens.fontWeightRegular,
    whiteSpace: 'normal',
    textAlign: 'start',
  },
});

interface ToggleChipProps {
  checked: boolean;
  onToggle: () => void;
  /** Shown but not available (a limit reached); still focusable, so it is read out. */
  disabled?: boolean;
  /** One choice of several (a level): no plus sign, only the tick on the chosen one. */
  single?: boolean;
  children: ReactNode;
}

/**
 * One choice of a chip group: a toggle button (`aria-pressed`), a plus before it when it is
 * free and a tick once chosen, so the choice does not rest on colour alone and the chip
 * keeps its width when toggled. A `single` chip (one of a row, like a tab) has the tick only.
 */
export function ToggleChip({ checked, onToggle, disabled, single, children }: ToggleChipProps) {
  const styles = useStyles();
  return (
    <ToggleButton
      type="button"
      shape="circular"
      appearance={checked ? 'primary' : 'secondary'}
      checked={checked}
      disabledFocusable={disabled}
      icon={checked ? <CheckmarkRegular /> : single ? undefined : <AddRegular />}
      className={styles.chip}
      onClick={onToggle}
    >
      {children}
    </ToggleButton>
  );
}
