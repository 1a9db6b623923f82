import { useId, type ReactNode } from 'react';
import { Field, Text, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, outlineStyle: 'none' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  subgroup: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subgroupLabel: { color: tokens.colorNeutralForeground3 },
});

interface ChipGroupProps {
  label: string;
  hint?: string;
  required?: boolean;
  error?: string;
  className?: string;
  /** Chip rows, and whatever goes with them (a count, a text input). */
  children: ReactNode;
}

/**
 * A labelled group of chips laid out like a form field (label, hint, message). The group is
 * named by the label and described by the hint and message, and marked `data-invalid` with an
 * error, so the form hook scrolls to it and focuses it like any other invalid field.
 */
export function ChipGroup({ label, hint, required, error, className, children }: ChipGroupProps) {
  const styles = useStyles();
  return (
    <Field
      label={label}
      hint={hint}
      required={required}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
      className={className}
    >
      {(control) => (
        // No aria-required here: ARIA does not allow it on a group; the label's star says it.
        <div
          role="group"
          id={control.id}
          aria-labelledby={control['aria-labelledby']}
          aria-describedby={control['aria-describedby']}
          // ARIA 1.2 allows aria-invalid on inputs, not on a group: the error is read out through
          // aria-describedby (the message), and `data-invalid` lets the form hook find the group.
          data-invalid={control['aria-invalid'] ? 'true' : undefined}
          className={styles.group}
        >
          {children}
        </div>
      )}
    </Field>
  );
}

/** Chips side by side, wrapping on a narrow screen; with a `label`, a named group under a small heading. */
export function ChipRow({ label, children }: { label?: string; children: ReactNode }) {
  const styles = useStyles();
  const labelId = useId();
  if (!label) return <div className={styles.row}>{children}</div>;
  return (
    <div role="group" aria-labelledby={labelId} className={styles.subgroup}>
      <Text id={labelId} size={200} weight="semibold" className={styles.subgroupLabel}>
        {label}
      </Text>
      <div className={styles.row}>{children}</div>
    </div>
  );
}
