import { authZhHK } from '@/i18n/auth-zh-HK';

export interface LoginFieldErrors {
  phone?: string;
  password?: string;
}

/** Spec §5 (login): phone and password are required. The server checks everything else. */
export function validateLogin({ phone, password }: { phone: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (phone.trim() === '') errors.phone = authZhHK.login.phoneRequired;
  if (password === '') errors.password = authZhHK.login.passwordRequired;
  return errors;
}
