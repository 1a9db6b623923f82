/** A Hong Kong number as people write it: "+85291234567" -> "9123 4567". */
export function formatPhone(e164: string): string {
  const local = e164.startsWith('+852') ? e164.slice(4) : e164;
  return /^\d{8}$/.test(local) ? `${local.slice(0, 4)} ${local.slice(4)}` : e164;
}
