import { type FormEvent, useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { bannerError } from '@/api/api-error';
import { useRequestPasswordReset } from '@/api/generated/accounts/accounts';
import { AccountForm, AccountSubmit } from '@/components/AccountForm';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { AuthPageShell } from '../components/AuthPageShell';
import { fieldMessage } from '../lib/server-message';
import { useRedirectAfter } from '@/hooks/use-redirect-after';
import { authZhHK } from '@/i18n/auth-zh-HK';

/** Spec §9: back to the login screen 3 s after the link is sent. */
export const FORGOT_REDIRECT_MS = 3000;

/** /forgot-password (spec §2): the account's phone; the reset link goes to its e-mail. */
export function ForgotPasswordPage() {
  const text = authZhHK.forgotPassword;
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  useRedirectAfter(sent, paths.loginOrRegister, FORGOT_REDIRECT_MS);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (phone.trim() === '') {
      setPhoneError(text.phoneRequired);
      return;
    }
    setPhoneError(undefined);
    try {
      await request.trigger({ phone: phone.trim() });
      setSent(true);
    } catch (failure) {
      setPhoneError(fieldMessage(failure, 'phone'));
      // Each error once: the phone's message under it, the banner for the rest.
      setError(bannerError(failure, ['phone'], text.failed) ?? null);
    }
  };

  return (
    <AuthPageShell title={text.title} intro={text.intro}>
      <AccountForm label={text.title} onSubmit={onSubmit} error={error} success={sent ? text.success : null}>
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
        <AccountSubmit label={text.submit} busyLabel={text.submitting} busy={request.isMutating} done={sent} />
        <RouterLink to={paths.loginOrRegister}>{text.backToLogin}</RouterLink>
      </AccountForm>
    </AuthPageShell>
  );
}
