/**
 * A registration between its two steps: the phone verified by SMS and the token verify-code
 * answered for it. Kept in this tab's sessionStorage for as long as the server honours the token
 * (30 minutes), so a reload on step 2 comes back to step 2 instead of asking for a new code.
 * sessionStorage is this tab's alone and ends with it; the token is only good for registering
 * this one phone, once, before it expires, and it is removed as soon as registering succeeds,
 * the phone is changed or the tab is switched.
 */
const KEY = 'tutorhub.pendingRegistration';

/** How long verify-code's token lasts on the server (`PhoneVerifiedBody.verificationToken`). */
export const VERIFICATION_LIFETIME_MS = 30 * 60 * 1000;

export interface PendingRegistration {
  phone: string;
  verificationToken: string;
  /** Milliseconds since the epoch after which the server no longer honours the token. */
  expiresAt: number;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage disabled (a privacy setting): registering still works, a reload just starts over.
    return undefined;
  }
}

/** Remembers the verified phone and its token, from `now` for the token's lifetime. */
export function savePendingRegistration(phone: string, verificationToken: string, now = Date.now()): void {
  const record: PendingRegistration = { phone, verificationToken, expiresAt: now + VERIFICATION_LIFETIME_MS };
  try {
    storage()?.setItem(KEY, JSON.stringify(record));
  } catch {
    // Full or refused: the form still has both in memory.
  }
}

/** The registration verified in this tab and not yet expired at `now`; an expired or unreadable one is forgotten. */
export function readPendingRegistration(now = Date.now()): PendingRegistration | undefined {
  const raw = storage()?.getItem(KEY);
  if (!raw) return undefined;
  try {
    const record = JSON.parse(raw) as Partial<PendingRegistration>;
    if (
      typeof record.phone === 'string' &&
      typeof record.verificationToken === 'string' &&
      typeof record.expiresAt === 'number' &&
      record.expiresAt > now
    ) {
      return { phone: record.phone, verificationToken: record.verificationToken, expiresAt: record.expiresAt };
    }
  } catch {
    // Not ours or damaged: dropped below.
  }
  clearPendingRegistration();
  return undefined;
}

export function clearPendingRegistration(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to do: the entry expires with the tab.
  }
}
