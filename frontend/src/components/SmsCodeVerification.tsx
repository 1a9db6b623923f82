import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import { ApiError, errorMessage } from '@/api/api-error';
import { useSendSmsCode, useVerifySmsCode } from '@/api/generated/accounts/accounts';
import { useCountdown } from '@/hooks/use-countdown';
import { authZhHK } from '@/i18n/auth-zh-HK';

/** Spec §4: a new code can be asked for 60 s after the last (the server enforces it too). */
export const RESEND_SECONDS = 60;

const useStyles = makeStyles({
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', flexWrap: 'wrap' },
  code: { flexGrow: 1, minWidth: '10rem' },
  verifyButton: { marginTop: '26px' },
  error: { color: tokens.colorPaletteRedForeground1 },
  verified: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorPaletteGreenForeground1,
  },
});

export interface SmsCodeVerificationProps {
  /** The phone as typed; a code and a verification belong to this number only. */
  phone: string;
  /** The phone field shows an error: no code is sent until it is fixed. */
  phoneInvalid?: boolean;
  verified: boolean;
  /**
   * The code was right. `verificationToken` is what the form's submit must send with this
   * phone: the server's grant is bound to it. Keep it in memory (React state) only.
   */
  onVerified: (verificationToken: string) => void;
  /** Replaces the server's text when the number belongs to an account (409 PHONE_TAKEN). */
  phoneTakenMessage?: string;
}

/**
 * The SMS step of spec §4 for any form that needs a verified phone (registration, the
 * profile's phone change): "send code" with a visible 60 s countdown, the code (required) and
 * "verify". The server grants the phone on a correct code, to the holder of the token it
 * answers, and the form's own submit uses the grant up with that token; `verified` is only
 * what the user sees. A new `phone` starts over.
 */
export function SmsCodeVerification({
  phone,
  phoneInvalid = false,
  verified,
  onVerified,
  phoneTakenMessage,
}: SmsCodeVerificationProps) {
  const styles = useStyles();
  const v = authZhHK.phoneVerification;
  const countdown = useCountdown();
  const [forPhone, setForPhone] = useState(phone);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [sendError, setSendError] = useState<{ message: string; aboutPhone: boolean } | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendCode = useSendSmsCode();
  const verifyCode = useVerifySmsCode();
  const busy = sendCode.isMutating || verifyCode.isMutating;
  // An answer that arrives after the phone was edited belongs to the old number.
  const latestPhone = useRef(phone);
  useEffect(() => {
    latestPhone.current = phone;
  }, [phone]);

  if (forPhone !== phone) {
    setForPhone(phone);
    setCode('');
    setCodeError(undefined);
    setSendError(undefined);
    setSentTo(null);
    countdown.reset();
  }

  const send = async () => {
    const target = phone;
    setSendError(undefined);
    try {
      await sendCode.trigger({ phoneNumber: target });
      if (latestPhone.current !== target) return;
      setSentTo(target);
      countdown.start(RESEND_SECONDS);
    } catch (error) {
      if (latestPhone.current !== target) return;
      // A bad or taken number (400, 409) stays refused until it is edited; a busy or failed
      // delivery (429, 5xx, network) may be retried.
      const aboutPhone = error instanceof ApiError && (error.status === 400 || error.status === 409);
      const taken = error instanceof ApiError && error.code === 'PHONE_TAKEN' && phoneTakenMessage;
      setSendError({ message: taken || errorMessage(error, v.sendFailed), aboutPhone });
    }
  };

  const verify = async () => {
    const target = phone;
    if (code.trim() === '') {
      setCodeError(v.codeRequired);
      return;
    }
    setCodeError(undefined);
    try {
      const { verificationToken } = await verifyCode.trigger({ phone: target, code: code.trim() });
      if (latestPhone.current === target) onVerified(verificationToken);
    } catch (error) {
      if (latestPhone.current === target) setCodeError(errorMessage(error, v.verifyFailed));
    }
  };

  // Enter in the code field verifies instead of submitting the surrounding form; not again while
  // a check runs (the hook would drop the first answer for the second).
  const onCodeKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!verifyCode.isMutating) void verify();
  };

  if (verified) {
    return (
      <div className={styles.group} role="group" aria-label={v.groupLabel}>
        <Text role="status" className={styles.verified}>
          <CheckmarkCircleFilled aria-hidden />
          {v.verified}
        </Text>
      </div>
    );
  }

  return (
    <div className={styles.group} role="group" aria-label={v.groupLabel}>
      <div className={styles.row}>
        <Button
          type="button"
          disabled={countdown.running || phoneInvalid || Boolean(sendError?.aboutPhone) || busy}
          onClick={() => void send()}
        >
          {sendCode.isMutating ? v.sending : countdown.running ? v.resendIn(countdown.remaining) : v.sendCode}
        </Button>
      </div>
      {sendError && (
        <Text role="alert" className={styles.error}>
          {sendError.message}
        </Text>
      )}
      {sentTo && <Text role="status">{v.sent(sentTo)}</Text>}
      <div className={styles.row}>
        <Field
          className={styles.code}
          label={v.code}
          required
          validationState={codeError ? 'error' : 'none'}
          validationMessage={codeError}
        >
          <Input
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={v.codePlaceholder}
            onKeyDown={onCodeKey}
            onChange={(_, data) => {
              setCode(data.value);
              setCodeError(undefined);
            }}
          />
        </Field>
        <Button
          type="button"
          appearance="primary"
          className={styles.verifyButton}
          disabled={busy}
          onClick={() => void verify()}
        >
          {verifyCode.isMutating ? v.verifying : v.verify}
        </Button>
      </div>
    </div>
  );
}
