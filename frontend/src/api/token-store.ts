/**
 * The two session values of spec §3, kept in localStorage under the spec's names.
 * Listeners hear every change, from this tab (login, refresh, logout, a failed refresh) and from
 * other tabs (the `storage` event), so the session state on screen follows the tokens.
 */
const AUTH_TOKEN_KEY = 'authToken';
const REFRESH_TOKEN_KEY = 'refreshToken';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): behave as logged out.
    return undefined;
  }
}

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
  });
}

export const tokenStore = {
  getAuthToken(): string | null {
    return storage()?.getItem(AUTH_TOKEN_KEY) ?? null;
  },
  getRefreshToken(): string | null {
    return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
  },
  set({ token, refreshToken }: SessionTokens): void {
    const s = storage();
    s?.setItem(AUTH_TOKEN_KEY, token);
    s?.setItem(REFRESH_TOKEN_KEY, refreshToken);
    notify();
  },
  clear(): void {
    const s = storage();
    s?.removeItem(AUTH_TOKEN_KEY);
    s?.removeItem(REFRESH_TOKEN_KEY);
    notify();
  },
  /** Calls `listener` after every change of the tokens; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
