/**
 * The two session values of spec §3, kept in localStorage under the spec's names.
 * The accounts issue adds login, refresh and logout on top of these.
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
  },
  clear(): void {
    const s = storage();
    s?.removeItem(AUTH_TOKEN_KEY);
    s?.removeItem(REFRESH_TOKEN_KEY);
  },
};
