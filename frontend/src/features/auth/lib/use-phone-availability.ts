import { useEffect, useState } from 'react';
import { ApiError } from '@/api/api-error';
import { checkPhone } from '@/api/generated/accounts/accounts';
import { authZhHK } from '@/i18n/auth-zh-HK';
import { fieldMessage } from './server-message';

/** Spec §9: the phone is checked 500 ms after typing stops. */
export const PHONE_CHECK_PAUSE_MS = 500;

export type PhoneAvailability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  /** Taken or not a Hong Kong number: no code can be sent until it is edited. */
  | { state: 'refused'; message: string }
  /** The check itself failed (network, 429): shown, but sending a code may still be tried. */
  | { state: 'unknown'; message: string };

/**
 * Asks the server whether `phone` already has an account, once typing pauses (spec §4). Only
 * the answer for the phone as it is now is kept: a late answer for an older value is dropped.
 */
export function usePhoneAvailability(phone: string, enabled = true): PhoneAvailability {
  const [result, setResult] = useState<{ phone: string; availability: PhoneAvailability }>({
    phone: '',
    availability: { state: 'idle' },
  });
  const typed = phone.trim();

  useEffect(() => {
    if (!enabled || typed === '') return undefined;
    let current = true;
    const timer = setTimeout(() => {
      setResult({ phone: typed, availability: { state: 'checking' } });
      // The plain function, not a mutation hook: a look-up run from an effect, where a late
      // answer for an older phone is dropped here rather than by the hook.
      checkPhone({ phone: typed })
        .then((answer) => {
          if (!current) return;
          const text = authZhHK.register;
          setResult({
            phone: typed,
            availability: answer.exists
              ? { state: 'refused', message: answer.msg || text.phoneTaken }
              : { state: 'available' },
          });
        })
        .catch((error: unknown) => {
          if (!current) return;
          const invalid = error instanceof ApiError && error.status === 400 ? fieldMessage(error, 'phone') : undefined;
          setResult({
            phone: typed,
            availability: invalid
              ? { state: 'refused', message: invalid }
              : { state: 'unknown', message: authZhHK.register.phoneCheckFailed },
          });
        });
    }, PHONE_CHECK_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, enabled]);

  if (!enabled || typed === '' || result.phone !== typed) return { state: 'idle' };
  return result.availability;
}
