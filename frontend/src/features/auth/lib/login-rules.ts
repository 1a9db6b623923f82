import { t } from '@/i18n/zh-HK';

export interface LoginFieldErrors {
  phone?: string;
  password?: string;
}

/** Spec §5 (login): phone and password are required. The server checks everything else. */
export function validateLogin({ phone, password }: { phone: string; password: string }): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (phone.trim() === '') errors.phone = t.accounts.login.phoneRequired;
  if (password === '') errors.password = t.accounts.login.passwordRequired;
  return errors;
}
