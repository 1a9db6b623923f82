import { type FormEvent, useState } from 'react';
import { Field } from '@fluentui/react-components';
import { bannerError } from '@/api/api-error';
import { useChangePassword } from '@/api/generated/accounts/accounts';
import { tokenStore } from '@/api/token-store';
import { AccountForm, AccountSubmit } from '@/components/AccountForm';
import { paths } from '@/config/paths';
import { AuthPageShell } from '../components/AuthPageShell';
import { PasswordInput } from '../components/PasswordInput';
import { meetsPasswordRule } from '../lib/password-rules';
import { fieldMessage } from '../lib/server-message';
import { useRedirectAfter } from '@/hooks/use-redirect-after';
import { authZhHK } from '@/i18n/auth-zh-HK';

/** Spec §9: back to / two seconds after a successful change. */
const REDIRECT_MS = 2000;

/** /change-password (spec §2): old password, new password and its confirmation. */
export function ChangePasswordPage() {
  const text = authZhHK.changePassword;
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ old?: string; password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  useRedirectAfter(done, paths.home, REDIRECT_MS);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      old: oldPassword === '' ? text.oldRequired : undefined,
      password: meetsPasswordRule(password) ? undefined : text.rule,
      confirm: confirm === password ? undefined : text.mismatch,
    };
    setErrors(next);
    setError(null);
    if (next.old || next.password || next.confirm) return;
    try {
      // The server ends every other session of the account; this one (its refresh-token
      // family, which a refresh during the request stays in) is kept.
      const refreshToken = tokenStore.getRefreshToken();
      await change.trigger({ oldPassword, password, ...(refreshToken ? { refreshToken } : {}) });
      setDone(true);
    } catch (failure) {
      const old = fieldMessage(failure, 'oldPassword');
      if (old) setErrors({ old });
      // Each error once: the old password's message under it, the banner for the rest.
      setError(bannerError(failure, ['oldPassword'], text.failed) ?? null);
    }
  };

  return (
    <AuthPageShell title={text.title} intro={text.intro}>
      <AccountForm label={text.title} onSubmit={onSubmit} error={error} success={done ? text.success : null}>
        <Field label={text.oldPassword} required validationMessage={errors.old}>
          <PasswordInput
            autoComplete="current-password"
            value={oldPassword}
            onChange={(_, d) => setOldPassword(d.value)}
          />
        </Field>
        <Field label={text.newPassword} required validationMessage={errors.password}>
          <PasswordInput autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
        </Field>
        <Field label={text.confirmPassword} required validationMessage={errors.confirm}>
          <PasswordInput autoComplete="new-password" value={confirm} onChange={(_, d) => setConfirm(d.value)} />
        </Field>
        <AccountSubmit label={text.submit} busyLabel={text.submitting} busy={change.isMutating} done={done} />
      </AccountForm>
    </AuthPageShell>
  );
}
