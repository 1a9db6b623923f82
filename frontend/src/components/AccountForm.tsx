import type { FormEvent, ReactNode } from 'react';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorBanner } from '@/components/ErrorBanner';
import { SuccessBanner } from '@/components/SuccessBanner';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { width: '100%', marginBlockStart: tokens.spacingVerticalS },
});

interface AccountFormProps {
  label: string;
  onSubmit: (event: FormEvent) => Promise<void>;
  /** The red banner's text, if any (spec §8). */
  error?: string | null;
  /** The green banner's text once the form has done its job. */
  success?: string | null;
  children: ReactNode;
}

/** The column form of the account screens (sign-in, passwords, organization documents), with its banners on top. */
export function AccountForm({ label, onSubmit, error, success, children }: AccountFormProps) {
  const styles = useStyles();
  const { formRef, revealAfter } = useFormFeedback();
  // After every submit, whatever came of it: the first invalid field, else the banner.
  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(onSubmit)} noValidate aria-label={label}>
      {error && <ErrorBanner message={error} />}
      {success && <SuccessBanner message={success} />}
      {children}
    </form>
  );
}

interface AccountSubmitProps {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Done forms stay disabled until they redirect. */
  done?: boolean;
}

/** The full-width primary button that ends every account form, with a spinner while busy. */
export function AccountSubmit({ label, busyLabel, busy, done = false }: AccountSubmitProps) {
  const styles = useStyles();
  return (
    <Button
      type="submit"
      appearance="primary"
      size="large"
      className={styles.submit}
      disabled={busy || done}
      icon={busy ? <Spinner size="tiny" /> : undefined}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
