/** A Hong Kong number as people write it: "+85291234567" -> "9123 4567". */
export function formatPhone(e164: string): string {
  const local = e164.startsWith('+852') ? e164.slice(4) : e164;
  return /^\d{8}$/.test(local) ? `${local.slice(0, 4)} ${local.slice(4)}` : e164;
}

/**
 * "+852 9123-4567", "(852) 9123 4567", "9123 4567" -> "91234567": numbers as people type them in
 * Hong Kong, read as the server's `Phone::parse` reads them (spaces, hyphens, brackets ignored).
 */
export function localPhone(phone: string): string {
  return phone.replace(/[\s()-]/g, '').replace(/^\+?852(?=\d{8}$)/, '');
}
