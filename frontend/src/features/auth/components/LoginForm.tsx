import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Field, Input, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useLogin } from '@/api/generated/accounts/accounts';
import { AccountSubmit } from '@/components/AccountForm';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { authZhHK } from '@/i18n/auth-zh-HK';
import { NEXT_PARAM, safeNext } from '@/session/next-path';
import { useSession } from '@/session/session';
import { serverMessage } from '../lib/server-message';
import { PasswordInput } from './PasswordInput';
import { validateLogin, type LoginFieldErrors } from '../lib/login-rules';
import { useFormFeedback } from '@/hooks/use-form-feedback';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    marginBlockStart: tokens.spacingVerticalS,
  },
  // A link on its own line is a 44 px tap target on a phone.
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
});

interface LoginFormProps {
  /** Opens the register tab (the register-now link); absent when registration is not offered here. */
  onRegister?: () => void;
  /** The phone just registered, so that logging in right after takes only the password. */
  initialPhone?: string;
}

/** The login tab (spec §2): phone and password; on success store tokens, refetch the user, go back (`next`) or to /. */
export function LoginForm({ onRegister, initialPhone = '' }: LoginFormProps) {
  const styles = useStyles();
  const { formRef, revealAfter } = useFormFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const [phone, setPhone] = useState(initialPhone);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  // Kept by hand rather than `login.isMutating`: after a success the button stays busy until the
  // page has moved on.
  const [submitting, setSubmitting] = useState(false);
  const text = authZhHK.login;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateLogin({ phone, password });
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      const tokens = await login.trigger({ identifier: phone.trim(), password });
      session.login(tokens);
      void navigate(safeNext(searchParams.get(NEXT_PARAM)) ?? paths.home);
    } catch (failure) {
      setError(serverMessage(failure, text.failed));
      setSubmitting(false);
    }
  };
  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(onSubmit)} noValidate aria-label={text.submit}>
      {error && <ErrorBanner message={error} />}
      <Field label={text.phone} required validationMessage={fieldErrors.phone}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={text.phonePlaceholder}
          value={phone}
          onChange={(_, d) => setPhone(d.value)}
        />
      </Field>
      <Field label={text.password} required validationMessage={fieldErrors.password}>
        <PasswordField value={password} onChange={setPassword} />
      </Field>
      <AccountSubmit label={text.submit} busyLabel={text.submitting} busy={submitting} />
      <div className={styles.links}>
        <RouterLink to={paths.forgotPassword} className={styles.link}>
          {text.forgotPassword}
        </RouterLink>
        {onRegister && (
          <Text>
            {text.noAccount}
            <Link as="button" type="button" onClick={onRegister}>
              {text.registerNow}
            </Link>
          </Text>
        )}
      </div>
    </form>
  );
}

function PasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <PasswordInput autoComplete="current-password" value={value} onChange={(_, d) => onChange(d.value)} />;
}
