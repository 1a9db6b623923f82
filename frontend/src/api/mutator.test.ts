import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { ApiError, errorMessage } from './api-error';
import { apiFetch, isPublicPath } from './mutator';
import { tokenStore } from './token-store';

function recordAuthorization(path: string) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(`*${path}`, ({ request }) => {
      seen.push(request.headers.get('Authorization'));
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

describe('apiFetch', () => {
  it('resolves with the JSON body', async () => {
    server.use(http.get('*/health', () => HttpResponse.json({ status: 'ok' })));
    await expect(apiFetch('/health', { method: 'GET' })).resolves.toEqual({ status: 'ok' });
  });

  it('rejects with an ApiError carrying the status and the server body', async () => {
    server.use(
      http.get('*/cases', () =>
        HttpResponse.json(
          { code: 'VALIDATION', error: '資料不正確', errors: [{ field: 'pageSize', message: '太大' }] },
          { status: 400 },
        ),
      ),
    );
    const error = await apiFetch('/cases?pageSize=1000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      body: { error: '資料不正確', errors: [{ field: 'pageSize', message: '太大' }] },
    });
  });

  it('rejects with an ApiError when the error body is not JSON', async () => {
    server.use(http.get('*/cases', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    const error = await apiFetch('/cases').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, body: undefined });
  });

  it('sends the bearer token when one is stored', async () => {
    const seen = recordAuthorization('/self-users/me');
    tokenStore.set({ token: 'access-1', refreshToken: 'refresh-1' });
    await apiFetch('/self-users/me');
    expect(seen).toEqual(['Bearer access-1']);
  });

  it('sends no Authorization header on public paths or without a token', async () => {
    const seen = recordAuthorization('/cases/public');
    await apiFetch('/cases/public');
    tokenStore.set({ token: 'access-1', refreshToken: 'refresh-1' });
    await apiFetch('/cases/public?page=2');
    expect(seen).toEqual([null, null]);
  });
});

describe('isPublicPath', () => {
  it.each(['/users/login', '/users/register', '/cases/public?page=1', '/sms/send-code', '/users/reset-password'])(
    '%s is public',
    (path) => expect(isPublicPath(path)).toBe(true),
  );

  it.each(['/cases', '/catalogue', '/self-users/me', '/cases/10234'])('%s is not public', (path) =>
    expect(isPublicPath(path)).toBe(false),
  );
});

describe('errorMessage', () => {
  it("prefers the server's error text", () => {
    expect(errorMessage(new ApiError(409, { code: 'X', error: '已申請' }), '預設')).toBe('已申請');
  });

  it('falls back to the screen default', () => {
    expect(errorMessage(new ApiError(500, undefined), '預設')).toBe('預設');
    expect(errorMessage(new Error('boom'), '預設')).toBe('預設');
  });
});

describe('tokenStore', () => {
  it('stores and clears both tokens under the spec names', () => {
    tokenStore.set({ token: 'a', refreshToken: 'r' });
    expect(localStorage.getItem('authToken')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    tokenStore.clear();
    expect(tokenStore.getAuthToken()).toBeNull();
    expect(tokenStore.getRefreshToken()).toBeNull();
  });
});
