import { apiBaseUrl } from '@/config/env';
import { language } from '@/i18n/language';
import { ApiError, toErrorBody } from './api-error';
import { type SessionTokens, tokenStore } from './token-store';

/**
 * Paths that never carry the bearer header (spec §6): any path containing one of these.
 * `/users/refresh-token` is sent by the refresh step itself, without the retry behaviour.
 */
const PUBLIC_PATHS = [
  '/users/register',
  '/users/login',
  '/users/refresh-token',
  '/cases/public',
  '/sms/send-code',
  '/sms/verify-code',
  '/users/check-phone',
  '/users/check-email',
  '/users/request-password-reset',
  '/users/reset-password',
];

export function isPublicPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return PUBLIC_PATHS.some((p) => path.includes(p));
}

function withAuthorization(url: string, init: RequestInit, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // The server words its errors in the language the page shows.
  headers.set('Accept-Language', language());
  if (token && !isPublicPath(url)) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(url: string, init: RequestInit, token: string | null): Promise<Response> {
  try {
    return await fetch(`${apiBaseUrl}${url}`, withAuthorization(url, init, token));
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, undefined, { cause });
  }
}

const REFRESH_PATH = '/users/refresh-token';

/** The refresh in flight, shared by every request that got a 401 meanwhile (single flight). */
let refreshing: Promise<string | null> | null = null;

/**
 * Gets a new access token with the stored refresh token, or null when that fails (then both
 * tokens are removed). `expired` is the access token that was refused: when another request
 * (or another tab) has already replaced it, that newer token is used and no refresh is sent,
 * because sending the already-rotated refresh token again would count as reuse on the server
 * and end the session.
 */
function refreshAccessToken(expired: string | null): Promise<string | null> {
  refreshing ??= withRefreshLock(async () => {
    const current = tokenStore.getAuthToken();
    if (current && current !== expired) return current;
    const refreshToken = tokenStore.getRefreshToken();
    if (!refreshToken) {
      tokenStore.clear();
      return null;
    }
    try {
      const response = await send(
        REFRESH_PATH,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        },
        null,
      );
      const body = (await readJson(response)) as Partial<SessionTokens> | undefined;
      if (!response.ok || !body?.token || !body.refreshToken) throw new Error('refresh refused');
      tokenStore.set({ token: body.token, refreshToken: body.refreshToken });
      return body.token;
    } catch {
      tokenStore.clear();
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Serializes refreshes across tabs where the Web Locks API exists (two tabs, one refresh token). */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('tutorhub-token-refresh', task) : task();
}

/**
 * The one fetch wrapper of the generated client (orval `override.mutator`).
 * Resolves with the parsed JSON body; rejects with an {@link ApiError} carrying the status
 * and the server's `{code, error, errors?}` body.
 *
 * Session rules (spec §4): a 401 on a non-public path triggers one refresh (single flight:
 * concurrent 401s share it) and one replay with the new token; when the refresh fails both
 * tokens are removed and the original error is passed on.
 */
export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const token = tokenStore.getAuthToken();
  let response = await send(url, init, token);
  if (response.status === 401 && !isPublicPath(url) && (token || tokenStore.getRefreshToken())) {
    const renewed = await refreshAccessToken(token);
    if (renewed) response = await send(url, init, renewed);
  }
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, toErrorBody(body));
  return body as T;
}

/** Error type of the generated hooks. */
export type ErrorType<_Body = unknown> = ApiError;

/** Body type of the generated mutations. */
export type BodyType<Body> = Body;
