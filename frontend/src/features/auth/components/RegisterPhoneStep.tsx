import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { SmsCodeVerification } from '@/components/SmsCodeVerification';
import { authZhHK } from '@/i18n/auth-zh-HK';
import { usePhoneAvailability } from '../lib/use-phone-availability';

const useStyles = makeStyles({
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface RegisterPhoneStepProps {
  phone: string;
  onPhoneChange: (phone: string) => void;
  /**
   * The verify-code call succeeded for this phone (spec §4: step 1 becomes step 2), and
   * answered the token that registering must send with it.
   */
  onVerified: (phone: string, verificationToken: string) => void;
}

/**
 * Registration step 1 (spec §2, §4): the phone, checked for an existing account 500 ms after
 * typing stops, then an SMS code. A taken or malformed number shows its error and keeps the
 * send button disabled until it is edited.
 */
export function RegisterPhoneStep({ phone, onPhoneChange, onVerified }: RegisterPhoneStepProps) {
  const styles = useStyles();
  const text = authZhHK.register;
  const availability = usePhoneAvailability(phone);
  const typed = phone.trim();

  const fieldState = (() => {
    switch (availability.state) {
      case 'refused':
        return { validationState: 'error' as const, validationMessage: availability.message };
      case 'unknown':
        return { validationState: 'warning' as const, validationMessage: availability.message };
      case 'available':
        return { validationState: 'success' as const, validationMessage: text.phoneAvailable };
      case 'checking':
        return { validationState: 'none' as const, validationMessage: text.phoneChecking };
      default:
        return { validationState: 'none' as const, validationMessage: undefined };
    }
  })();

  return (
    <div className={styles.step}>
      <Field label={text.phone} required hint={text.phoneStepHint} {...fieldState}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={text.phonePlaceholder}
          value={phone}
          onChange={(_, d) => onPhoneChange(d.value)}
        />
      </Field>
      <SmsCodeVerification
        phone={typed}
        phoneInvalid={typed === '' || availability.state === 'refused'}
        verified={false}
        onVerified={(verificationToken) => onVerified(typed, verificationToken)}
        phoneTakenMessage={text.phoneTaken}
      />
    </div>
  );
}
