/** The profile form's rules that the user must see before submitting (spec §4, §5 Profile). */

import { displayNameProblem } from '@/lib/display-name';
import { localPhone } from '@/lib/phone';

/** Whether the typed phone differs from the account's (then it needs SMS verification). */
export function isPhoneChanged(typed: string, current: string): boolean {
  return localPhone(typed) !== localPhone(current);
}

export interface ProfileFields {
  name: string;
  phone: string;
  phoneChanged: boolean;
  phoneVerified: boolean;
}

export interface ProfileMessages {
  nameRequired: string;
  phoneRequired: string;
  verifyFirst: string;
}

/**
 * What keeps the form from being sent: name and phone required, the name by the server's rules
 * (letters only, at most so many of each: src/lib/display-name.ts), a new phone verified.
 */
export function profileFormErrors(fields: ProfileFields, messages: ProfileMessages): { name?: string; phone?: string } {
  const errors: { name?: string; phone?: string } = {};
  const nameProblem = displayNameProblem(fields.name, 'submit');
  if (fields.name.trim() === '') errors.name = messages.nameRequired;
  else if (nameProblem) errors.name = nameProblem;
  if (fields.phone.trim() === '') errors.phone = messages.phoneRequired;
  else if (fields.phoneChanged && !fields.phoneVerified) errors.phone = messages.verifyFirst;
  return errors;
}
