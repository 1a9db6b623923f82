import { apiBaseUrl } from '@/config/env';
import { ApiError, toErrorBody } from './api-error';
import { tokenStore } from './token-store';

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

function withAuthorization(url: string, init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = tokenStore.getAuthToken();
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

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${apiBaseUrl}${url}`, withAuthorization(url, init));
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, undefined, { cause });
  }
}

/**
 * The one fetch wrapper of the generated client (orval `override.mutator`).
 * Resolves with the parsed JSON body; rejects with an {@link ApiError} carrying the status
 * and the server's `{code, error, errors?}` body.
 *
 * The accounts issue adds here: on a 401 for a non-public path, one single-flight
 * `POST /users/refresh-token`, store the new pair, replay the request once; on refresh
 * failure `tokenStore.clear()` and reject with the original error.
 */
export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await send(url, init);
  const body = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, toErrorBody(body));
  return body as T;
}

/** Error type of the generated hooks. */
export type ErrorType<_Body = unknown> = ApiError;

/** Body type of the generated mutations. */
export type BodyType<Body> = Body;
