import { t } from '@/i18n/zh-HK';
import { AuthPageShell } from '../components/AuthPageShell';
import { LoginForm } from '../components/LoginForm';

/** /login-or-register (spec §2). */
export function LoginOrRegisterPage() {
  return (
    <AuthPageShell title={t.accounts.loginOrRegister.title} intro={t.accounts.loginOrRegister.intro}>
      <LoginForm />
    </AuthPageShell>
  );
}
