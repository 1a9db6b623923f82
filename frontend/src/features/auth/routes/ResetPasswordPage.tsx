import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Field } from '@fluentui/react-components';
import { ApiError, bannerError } from '@/api/api-error';
import { useResetPassword } from '@/api/generated/accounts/accounts';
import { AccountForm, AccountSubmit } from '@/components/AccountForm';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { AuthPageShell } from '../components/AuthPageShell';
import { PasswordInput } from '../components/PasswordInput';
import { meetsPasswordRule } from '../lib/password-rules';
import { fieldMessage } from '../lib/server-message';
import { useRedirectAfter } from '@/hooks/use-redirect-after';
import { authZhHK } from '@/i18n/auth-zh-HK';

/** Spec §9: back to the login screen 3 s after a reset, or after an unusable link. */
export const RESET_REDIRECT_MS = 3000;

/** /reset-password?token= (spec §2): a new password and its confirmation. */
export function ResetPasswordPage() {
  const text = authZhHK.resetPassword;
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useResetPassword();
  // Spec §5: a link without a token is invalid; the user is taken back like after a reset.
  useRedirectAfter(done || token === '', paths.loginOrRegister, RESET_REDIRECT_MS);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: meetsPasswordRule(password) ? undefined : text.rule,
      confirm: confirm === password ? undefined : text.mismatch,
    };
    setErrors(next);
    setError(null);
    if (next.password || next.confirm) return;
    try {
      await reset.trigger({ token, newPassword: password });
      setDone(true);
    } catch (failure) {
      const field = fieldMessage(failure, 'newPassword');
      if (field) setErrors({ password: field });
      // Used, expired or unknown: no new password can help, only a new link.
      setLinkRefused(failure instanceof ApiError && failure.code === 'RESET_LINK_INVALID');
      // Each error once: the new password's message under it, the banner for the rest.
      setError(bannerError(failure, ['newPassword'], text.failed) ?? null);
    }
  };

  if (token === '') {
    return (
      <AuthPageShell title={text.title}>
        <ErrorBanner message={text.invalidLink} />
        <RouterLink to={paths.forgotPassword}>{text.requestAgain}</RouterLink>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell title={text.title} intro={text.intro}>
      <AccountForm label={text.title} onSubmit={onSubmit} error={error} success={done ? text.success : null}>
        {linkRefused && <RouterLink to={paths.forgotPassword}>{text.requestAgain}</RouterLink>}
        <Field label={text.newPassword} required validationMessage={errors.password}>
          <PasswordInput autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
        </Field>
        <Field label={text.confirmPassword} required validationMessage={errors.confirm}>
          <PasswordInput autoComplete="new-password" value={confirm} onChange={(_, d) => setConfirm(d.value)} />
        </Field>
        <AccountSubmit label={text.submit} busyLabel={text.submitting} busy={reset.isMutating} done={done} />
      </AccountForm>
    </AuthPageShell>
  );
}
