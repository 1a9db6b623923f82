import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '@/api/api-error';
import { getGetSelfUserKey, useGetSelfUser, useLogout } from '@/api/generated/accounts/accounts';
import type { CurrentUser } from '@/api/generated/model';
import { type SessionTokens, tokenStore } from '@/api/token-store';
import { type AccountMode, readMode, writeMode } from './mode-store';

/** Spec §9: the current user is refetched about 100 ms after a successful login. */
export const USER_REFETCH_DELAY_MS = 100;

export interface Session {
  /** An access token is stored (the spec's only route guard). */
  isLoggedIn: boolean;
  /** The signed-in user, once loaded. */
  user: CurrentUser | undefined;
  /** `user` when logged out or not loaded (spec §3 defaults). */
  role: string;
  /** `student` when logged out or not loaded. */
  accountType: string;
  isTutor: boolean;
  mode: AccountMode;
  setMode(mode: AccountMode): void;
  /** Stores the tokens of a successful login and refetches the user shortly after. */
  login(tokens: SessionTokens): void;
  /** Revokes the refresh token on the server, then forgets tokens, user data and mode. */
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

function useHasToken(): boolean {
  return useSyncExternalStore(
    tokenStore.subscribe,
    () => tokenStore.getAuthToken() !== null,
    () => false,
  );
}

/** Provides the session (spec §4) to the whole app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const isLoggedIn = useHasToken();
  const { mutate } = useSWRConfig();
  const [mode, setModeState] = useState<AccountMode>(readMode);
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const {
    data,
    error,
    mutate: refetchUser,
  } = useGetSelfUser({
    swr: { enabled: isLoggedIn, shouldRetryOnError: false, keepPreviousData: false },
  });
  const { trigger: logoutOnServer } = useLogout();

  const setMode = useCallback((next: AccountMode) => {
    writeMode(next);
    setModeState(next);
  }, []);

  /** Forgets everything about the user on this device: tokens, every cached answer, the mode. */
  const forget = useCallback(() => {
    tokenStore.clear();
    setMode('student');
    void mutate(() => true, undefined, { revalidate: false });
  }, [mutate, setMode]);

  // Spec §4: a failed current-user fetch logs out. A network failure (status 0) does not:
  // a phone briefly offline should not lose its session.
  useEffect(() => {
    if (isLoggedIn && error instanceof ApiError && error.status !== 0) forget();
  }, [error, isLoggedIn, forget]);

  // Logged out in another tab, or a refresh failed: drop what we knew about the user.
  useEffect(() => {
    if (!isLoggedIn) void mutate(getGetSelfUserKey(), undefined, { revalidate: false });
  }, [isLoggedIn, mutate]);

  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const login = useCallback(
    (tokens: SessionTokens) => {
      tokenStore.set(tokens);
      clearTimeout(refetchTimer.current);
      refetchTimer.current = setTimeout(() => void refetchUser(), USER_REFETCH_DELAY_MS);
    },
    [refetchUser],
  );

  const logout = useCallback(async () => {
    const refreshToken = tokenStore.getRefreshToken();
    if (refreshToken) {
      // Best effort: the tokens are forgotten here even when the server cannot be reached.
      await logoutOnServer({ refreshToken }).catch(() => undefined);
    }
    forget();
  }, [forget, logoutOnServer]);

  const user = isLoggedIn ? data : undefined;
  const value = useMemo<Session>(
    () => ({
      isLoggedIn,
      user,
      role: user?.role ?? 'user',
      accountType: user?.accountType ?? 'student',
      isTutor: user?.isTutor ?? false,
      mode: isLoggedIn ? mode : 'student',
      setMode,
      login,
      logout,
    }),
    [isLoggedIn, user, mode, setMode, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session; only inside {@link SessionProvider}. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
