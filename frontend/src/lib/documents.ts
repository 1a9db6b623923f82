import { MAX_UPLOAD_BYTES } from '@/config/limits';
import { authZhHK } from '@/i18n/auth-zh-HK';

/** The two documents an organization uploads to be verified. */
export type DocumentField = 'businessRegistration' | 'addressProof';

export function documentLabel(field: DocumentField): string {
  return field === 'businessRegistration' ? authZhHK.register.businessRegistration : authZhHK.register.addressProof;
}

const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const ACCEPTED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** Why this file cannot be an organization document, or undefined (the server checks its content). */
export function documentProblem(file: File, label: string): string | undefined {
  const text = authZhHK.register;
  if (file.size > MAX_UPLOAD_BYTES) return text.fileTooLarge(label);
  const typed = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  return typed ? undefined : text.fileWrongType(label);
}
