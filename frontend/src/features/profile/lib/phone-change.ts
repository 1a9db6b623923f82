/** The profile form's rules that the user must see before submitting (spec §4, §5 Profile). */

/** "+852 9123-4567", "9123 4567" -> "91234567": numbers as people type them in Hong Kong. */
export function localPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '').replace(/^\+?852(?=\d{8}$)/, '');
}

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

/** What keeps the form from being sent: name and phone required, a new phone verified. */
export function profileFormErrors(fields: ProfileFields, messages: ProfileMessages): { name?: string; phone?: string } {
  const errors: { name?: string; phone?: string } = {};
  if (fields.name.trim() === '') errors.name = messages.nameRequired;
  if (fields.phone.trim() === '') errors.phone = messages.phoneRequired;
  else if (fields.phoneChanged && !fields.phoneVerified) errors.phone = messages.verifyFirst;
  return errors;
}
