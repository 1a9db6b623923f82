/**
 * What a visitor typed into a form before it sent them to log in, kept in this tab's
 * sessionStorage so the form can give it back when they return logged in (issue 34: text typed
 * before a login prompt survives it). A draft lives until the form is sent successfully, or the
 * tab closes; it holds only what the visitor typed for this one form, never a password.
 */
const PREFIX = 'tutorhub.draft.';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps `values` as the draft of the form `key` (e.g. `booking:<tutor id>`). */
export function saveDraft(key: string, values: Record<string, string>): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(values));
  } catch {
    // Full or refused: the visitor types it again, as before drafts were kept.
  }
}

/**
 * The draft of the form `key` over `empty`: each field of `empty` the draft holds as text, the
 * rest as in `empty`. `empty` itself when there is no draft or it cannot be read.
 */
export function readDraft<T extends Record<string, string>>(key: string, empty: T): T {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return empty;
  try {
    const stored = JSON.parse(raw) as unknown;
    if (typeof stored !== 'object' || stored === null) return empty;
    const values: Record<string, string> = { ...empty };
    for (const field of Object.keys(empty)) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === 'string') values[field] = value;
    }
    return values as T;
  } catch {
    return empty;
  }
}

/** Whether the form `key` has a draft waiting (its reader came back from logging in). */
export function hasDraft(key: string): boolean {
  try {
    return Boolean(storage()?.getItem(PREFIX + key));
  } catch {
    return false;
  }
}

/** Forgets the draft of the form `key`: it was sent. */
export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to do: the draft ends with the tab.
  }
}
