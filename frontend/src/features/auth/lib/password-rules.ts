/** Spec §5: at least 8 characters with an English letter and a digit (the server decides too). */
export function meetsPasswordRule(password: string): boolean {
  return password.length >= 8 && /[A-Za-z]/.test(password) && /\d/.test(password);
}
