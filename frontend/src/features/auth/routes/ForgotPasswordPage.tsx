import { type FormEvent, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { requestPasswordReset } from '@/api/generated/accounts/accounts';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { AuthPageShell } from '../components/AuthPageShell';
import { fieldMessage, serverMessage } from '../lib/server-message';
import { useRedirectAfter } from '../lib/use-redirect-after';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  submit: { width: '100%', marginBlockStart: tokens.spacingVerticalS },
});

/** Spec §9: back to the login screen 3 s after the link is sent. */
export const FORGOT_REDIRECT_MS = 3000;

/** /forgot-password (spec §2): the account's phone; the reset link goes to its e-mail. */
export function ForgotPasswordPage() {
  const styles = useStyles();
  const text = t.accounts.forgotPassword;
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  useRedirectAfter(sent, paths.loginOrRegister, FORGOT_REDIRECT_MS);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (phone.trim() === '') {
      setPhoneError(text.phoneRequired);
      return;
    }
    setPhoneError(undefined);
    setSubmitting(true);
    try {
      await requestPasswordReset({ phone: phone.trim() });
      setSent(true);
    } catch (failure) {
      setPhoneError(fieldMessage(failure, 'phone'));
      setError(serverMessage(failure, text.failed));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthPageShell title={text.title} intro={text.intro}>
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={text.title}>
        {error && <ErrorBanner message={error} />}
        {sent && (
          <MessageBar intent="success" layout="multiline" role="status">
            <MessageBarBody>{text.success}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={text.phone} required validationMessage={phoneError}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={text.phonePlaceholder}
            value={phone}
            onChange={(_, d) => {
              setPhone(d.value);
              setPhoneError(undefined);
            }}
          />
        </Field>
        <Button
          type="submit"
          appearance="primary"
          size="large"
          className={styles.submit}
          disabled={submitting || sent}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {submitting ? text.submitting : text.submit}
        </Button>
        <RouterLink to={paths.loginOrRegister}>{text.backToLogin}</RouterLink>
      </form>
    </AuthPageShell>
  );
}
