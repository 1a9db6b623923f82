import { Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { makeStyles, tokens } from '@fluentui/react-components';
import { LoadingState } from '@/components/LoadingState';
import { Tab, TabList } from '@/components/Tabs';
import { AuthPageShell } from '../components/AuthPageShell';
import { LoginForm } from '../components/LoginForm';
import { clearPendingRegistration } from '../lib/pending-registration';
import { emptyDetails, type RegisterDetails } from '../lib/register-rules';
import { authZhHK } from '@/i18n/auth-zh-HK';
import { lazy } from '@/lib/lazy';

// The sign-up form loads when its tab is opened: a page opened to log in does not carry it
// (docs/adr/0076-public-pages-under-150-kib.md).
const RegisterForm = lazy(async () => ({ default: (await import('../components/RegisterForm')).RegisterForm }));

const useStyles = makeStyles({
  tabs: { marginBlockEnd: tokens.spacingVerticalS },
});

type AuthTab = 'login' | 'register';

/** The tab in the address (`?tab=register`), so a link or a reload opens the right one. */
const TAB_PARAM = 'tab';

/**
 * /login-or-register (spec §2): a login tab and a register tab. Switching tabs clears the
 * messages, the registration step (back to 1), the verified flag, the resend countdown and
 * the phone field: each tab's form starts afresh. The register details typed so far are kept.
 * A reload keeps the tab and, on the register tab, a phone verified less than 30 minutes ago.
 * A successful registration logs in and goes on (`next`) from the register tab itself.
 */
export function LoginOrRegisterPage() {
  const styles = useStyles();
  const text = authZhHK.loginOrRegister;
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get(TAB_PARAM) === 'register' ? 'register' : 'login';
  // A new generation mounts fresh forms: the simplest way to reset exactly what §2 lists.
  const [generation, setGeneration] = useState(0);
  const [loginPhone, setLoginPhone] = useState('');
  const [details, setDetails] = useState<RegisterDetails>(emptyDetails);

  const open = useCallback(
    (next: AuthTab, phone = '') => {
      // Switching tabs starts registration over at step 1, reload or not.
      clearPendingRegistration();
      setGeneration((g) => g + 1);
      setLoginPhone(phone);
      // Other parameters stay: `next` must survive registering, then logging in.
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'register') updated.set(TAB_PARAM, 'register');
          else updated.delete(TAB_PARAM);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const onRegistered = useCallback(
    (phone: string) => {
      setDetails(emptyDetails);
      open('login', phone);
    },
    [open],
  );

  return (
    <AuthPageShell title={text.title} intro={text.intro}>
      <TabList
        className={styles.tabs}
        aria-label={text.tabsLabel}
        selectedValue={tab}
        onTabSelect={(_, data) => {
          if (data.value !== tab) open(data.value as AuthTab);
        }}
      >
        <Tab value="login">{text.loginTab}</Tab>
        <Tab value="register">{text.registerTab}</Tab>
      </TabList>
      {tab === 'login' ? (
        <LoginForm key={generation} initialPhone={loginPhone} onRegister={() => open('register')} />
      ) : (
        <Suspense fallback={<LoadingState />}>
          <RegisterForm
            key={generation}
            details={details}
            onDetailsChange={(change) => setDetails((current) => ({ ...current, ...change }))}
            onLogin={() => open('login')}
            onRegistered={onRegistered}
          />
        </Suspense>
      )}
    </AuthPageShell>
  );
}
