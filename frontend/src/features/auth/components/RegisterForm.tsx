import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError, bannerError } from '@/api/api-error';
import { checkEmail, useLogin, useRegister } from '@/api/generated/accounts/accounts';
import { AccountSubmit } from '@/components/AccountForm';
import { ErrorBanner } from '@/components/ErrorBanner';
import { SuccessBanner } from '@/components/SuccessBanner';
import { paths } from '@/config/paths';
import { authZhHK } from '@/i18n/auth-zh-HK';
import type { DocumentField } from '@/lib/documents';
import { NEXT_PARAM, safeNext } from '@/session/next-path';
import { useSession } from '@/session/session';
import {
  clearPendingRegistration,
  readPendingRegistration,
  savePendingRegistration,
} from '../lib/pending-registration';
import {
  looksLikeEmail,
  validateDetails,
  type RegisterDetails,
  type RegisterErrors,
  type RegisterField,
} from '../lib/register-rules';
import { serverMessage } from '../lib/server-message';
import { RegisterDetailsStep } from './RegisterDetailsStep';
import { RegisterPhoneStep } from './RegisterPhoneStep';
import { useFormFeedback } from '@/hooks/use-form-feedback';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  stepTitle: { margin: 0 },
  verifiedPhone: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  links: { marginBlockStart: tokens.spacingVerticalS },
});

/**
 * Spec §9: the login tab opens 2 s after a successful registration, when logging in with the
 * new account did not go through by itself (the usual case logs in and goes on at once).
 */
export const REGISTERED_REDIRECT_MS = 2000;

/** After registering: logging in with what was just typed, or (that failed) asking for it on the login tab. */
type Registered = 'logging-in' | 'log-in-yourself';

const FIELDS: readonly RegisterField[] = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'birthdate',
  'userType',
  'businessRegistration',
  'addressProof',
];

interface RegisterFormProps {
  /** The step-2 values; kept by the page so that switching tabs does not lose them (spec §2). */
  details: RegisterDetails;
  onDetailsChange: (change: Partial<RegisterDetails>) => void;
  /** The login-now link. */
  onLogin: () => void;
  /**
   * Registration succeeded for this phone but logging in with it did not; called 2 s after the
   * success message shows, to ask for the password on the login tab.
   */
  onRegistered: (phone: string) => void;
}

/**
 * The register tab (spec §2): step 1 verifies the phone by SMS, step 2 sends the details. A
 * successful registration logs in with the phone and password just typed and goes on where the
 * person was going (`next`), as logging in does. A reload on step 2 stays on step 2.
 */
export function RegisterForm({ details, onDetailsChange, onLogin, onRegistered }: RegisterFormProps) {
  const styles = useStyles();
  const { formRef, revealAfter } = useFormFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const text = authZhHK.register;
  // Step 2 verified in this tab before a reload, while its token still holds.
  const [restored] = useState(readPendingRegistration);
  const [phone, setPhone] = useState(restored?.phone ?? '');
  const [verifiedPhone, setVerifiedPhone] = useState<string | null>(restored?.phone ?? null);
  // What verify-code answered for `verifiedPhone`: the server's grant is bound to it. Kept in
  // this tab's sessionStorage for the token's lifetime (pending-registration.ts), no longer.
  const [verificationToken, setVerificationToken] = useState(restored?.verificationToken ?? '');
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [error, setError] = useState<string | null>(null);
  const register = useRegister();
  const login = useLogin();
  // Kept by hand rather than `register.isMutating`: submitting also covers the e-mail check.
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState<Registered | null>(null);
  const emailChecked = useRef<{ email: string; taken: boolean } | null>(null);

  useEffect(() => {
    if (registered !== 'log-in-yourself' || !verifiedPhone) return undefined;
    const timer = setTimeout(() => onRegistered(verifiedPhone), REGISTERED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [registered, verifiedPhone, onRegistered]);

  const change = (next: Partial<RegisterDetails>) => {
    onDetailsChange(next);
    const cleared = { ...errors };
    for (const key of Object.keys(next) as RegisterField[]) delete cleared[key];
    setErrors(cleared);
  };

  /** Spec §5: "this email is already registered", asked before submitting. */
  const emailTaken = async (email: string): Promise<boolean> => {
    const trimmed = email.trim();
    if (emailChecked.current?.email === trimmed) return emailChecked.current.taken;
    // The plain function, not a mutation hook: a look-up that blur and submit may send at once,
    // and a mutation hook drops the answer of a call that a newer one overtook.
    const { exists } = await checkEmail({ email: trimmed });
    emailChecked.current = { email: trimmed, taken: exists };
    return exists;
  };

  const onEmailBlur = () => {
    if (!looksLikeEmail(details.email)) return;
    emailTaken(details.email)
      .then((taken) => {
        if (taken) setErrors((current) => ({ ...current, email: text.emailTaken }));
      })
      // The server refusing the address is worth saying now; any other failure says nothing
      // here: submitting checks again and reports it.
      .catch((failure: unknown) => {
        const refused = addressRefused(failure);
        if (refused) setErrors((current) => ({ ...current, email: refused }));
      });
  };

  const onDocumentRefused = (field: DocumentField, message: string) =>
    setErrors((current) => ({ ...current, [field]: message }));

  const changePhone = () => {
    clearPendingRegistration();
    setVerifiedPhone(null);
  };

  const backToPhoneStep = (message: string) => {
    changePhone();
    setError(message);
  };

  /** The account exists: log in with it and go on, as the login tab would. */
  const logIn = async (registeredPhone: string) => {
    setRegistered('logging-in');
    try {
      session.login(await login.trigger({ identifier: registeredPhone, password: details.password }));
      void navigate(safeNext(searchParams.get(NEXT_PARAM)) ?? paths.home);
    } catch {
      // Registered all the same: the login tab, with the phone filled in, is one password away.
      setRegistered('log-in-yourself');
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!verifiedPhone || submitting || registered) return;
    const found = validateDetails(details);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    let done = false;
    try {
      if (
        await emailTaken(details.email).catch((failure: unknown) => {
          throw new EmailCheckFailed(addressRefused(failure));
        })
      ) {
        setErrors({ email: text.emailTaken });
        return;
      }
      const organization = details.userType === 'organization';
      await register.trigger({
        name: details.name.trim(),
        email: details.email.trim(),
        phone: verifiedPhone,
        verificationToken,
        password: details.password,
        birthdate: details.birthdate,
        role: 'user',
        userType: details.userType,
        ...(organization && details.businessRegistration ? { businessRegistration: details.businessRegistration } : {}),
        ...(organization && details.addressProof ? { addressProof: details.addressProof } : {}),
      });
      clearPendingRegistration();
      done = true;
    } catch (failure) {
      if (failure instanceof EmailCheckFailed && failure.refused) {
        setErrors({ email: failure.refused });
      } else if (failure instanceof EmailCheckFailed) {
        setError(text.emailCheckFailed);
      } else if (failure instanceof ApiError && failure.code === 'PHONE_NOT_VERIFIED') {
        // The 30-minute grant ran out: verify again; the details stay as typed.
        backToPhoneStep(serverMessage(failure, text.failed));
      } else {
        // Each error once: a message with its field under the field, the banner only for the rest.
        setErrors(fieldErrors(failure));
        setError(bannerError(failure, FIELDS, text.failed) ?? null);
      }
    } finally {
      setSubmitting(false);
    }
    if (done) await logIn(verifiedPhone);
  };

  const step = verifiedPhone ? 2 : 1;
  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(onSubmit)} noValidate aria-label={text.formLabel}>
      <div>
        <Text size={200}>{text.step(step, 2)}</Text>
        <Text as="h2" size={500} weight="semibold" block className={styles.stepTitle}>
          {step === 1 ? text.phoneStepTitle : text.detailsStepTitle}
        </Text>
      </div>
      {error && <ErrorBanner message={error} />}
      {registered && <SuccessBanner message={registered === 'logging-in' ? text.successLoggingIn : text.success} />}
      {verifiedPhone === null ? (
        <RegisterPhoneStep
          phone={phone}
          onPhoneChange={setPhone}
          onVerified={(verified, token) => {
            setError(null);
            setVerifiedPhone(verified);
            setVerificationToken(token);
            savePendingRegistration(verified, token);
          }}
        />
      ) : (
        <>
          {!registered && <SuccessBanner message={text.phoneVerified} announce={false} />}
          <div className={styles.verifiedPhone}>
            <Text weight="semibold">{text.verifiedPhone(verifiedPhone)}</Text>
            {!registered && (
              <Link as="button" type="button" onClick={changePhone}>
                {text.changePhone}
              </Link>
            )}
          </div>
          <RegisterDetailsStep
            details={details}
            errors={errors}
            onChange={change}
            onEmailBlur={onEmailBlur}
            onDocumentRefused={onDocumentRefused}
          />
          <AccountSubmit
            label={text.submit}
            busyLabel={text.submitting}
            busy={submitting || registered === 'logging-in'}
            done={registered !== null}
          />
        </>
      )}
      <Text className={styles.links}>
        {text.haveAccount}
        <Link as="button" type="button" onClick={onLogin}>
          {text.loginNow}
        </Link>
      </Text>
    </form>
  );
}

/** The e-mail check did not answer; `refused` is the server's reason when it refused the address itself. */
class EmailCheckFailed extends Error {
  constructor(readonly refused?: string) {
    super('e-mail check failed');
  }
}

/**
 * The server's reason when it refused the address (400): a few addresses look right to the
 * client's quick format check and are still refused (docs: text-rule vectors, `frontendValid`).
 */
function addressRefused(failure: unknown): string | undefined {
  return failure instanceof ApiError && failure.status === 400
    ? serverMessage(failure, authZhHK.register.emailInvalid)
    : undefined;
}

/** The server's per-field messages, on the fields this form shows. */
function fieldErrors(failure: unknown): RegisterErrors {
  if (!(failure instanceof ApiError)) return {};
  const found: RegisterErrors = {};
  for (const { field, message } of failure.body?.errors ?? []) {
    if ((FIELDS as readonly string[]).includes(field)) found[field as RegisterField] = message;
  }
  return found;
}
