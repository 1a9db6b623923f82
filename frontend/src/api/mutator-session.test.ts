import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/server';
import { ApiError } from './api-error';
import { apiFetch } from './mutator';
import { tokenStore } from './token-store';

/** /self-users/me accepts only `Bearer fresh`; /users/refresh-token answers `refresh` (or fails). */
function sessionServer(refresh: 'ok' | 'fail' = 'ok') {
  const calls = { me: [] as (string | null)[], refresh: [] as unknown[] };
  server.use(
    http.get('*/self-users/me', ({ request }) => {
      const auth = request.headers.get('Authorization');
      calls.me.push(auth);
      return auth === 'Bearer fresh'
        ? HttpResponse.json({ name: '陳太' })
        : HttpResponse.json({ code: 'UNAUTHORIZED', error: '請先登入' }, { status: 401 });
    }),
    http.post('*/users/refresh-token', async ({ request }) => {
      calls.refresh.push({ body: await request.json(), auth: request.headers.get('Authorization') });
      return refresh === 'ok'
        ? HttpResponse.json({ token: 'fresh', refreshToken: 'refresh-2' })
        : HttpResponse.json({ code: 'REFRESH_TOKEN_INVALID', error: '登入已過期，請重新登入' }, { status: 401 });
    }),
  );
  return calls;
}

describe('apiFetch session rules', () => {
  it('on a 401 refreshes once, stores the new pair and replays the request once', async () => {
    const calls = sessionServer();
    tokenStore.set({ token: 'stale', refreshToken: 'refresh-1' });
    await expect(apiFetch('/self-users/me')).resolves.toEqual({ name: '陳太' });
    expect(calls.me).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(calls.refresh).toEqual([{ body: { refreshToken: 'refresh-1' }, auth: null }]);
    expect(tokenStore.getAuthToken()).toBe('fresh');
    expect(tokenStore.getRefreshToken()).toBe('refresh-2');
  });

  it('shares one refresh among concurrent 401s (single flight)', async () => {
    const calls = sessionServer();
    tokenStore.set({ token: 'stale', refreshToken: 'refresh-1' });
    await Promise.all([apiFetch('/self-users/me'), apiFetch('/self-users/me'), apiFetch('/self-users/me')]);
    expect(calls.refresh).toHaveLength(1);
    expect(calls.me.filter((a) => a === 'Bearer fresh')).toHaveLength(3);
  });

  it('when the refresh fails, removes both tokens and passes the original 401 on', async () => {
    const calls = sessionServer('fail');
    tokenStore.set({ token: 'stale', refreshToken: 'refresh-1' });
    const error = await apiFetch('/self-users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(calls.me).toEqual(['Bearer stale']);
    expect(tokenStore.getAuthToken()).toBeNull();
    expect(tokenStore.getRefreshToken()).toBeNull();
  });

  it('replays at most once: a second 401 is passed on without another refresh', async () => {
    const calls = { refresh: 0, me: 0 };
    server.use(
      http.get('*/self-users/me', () => {
        calls.me += 1;
        return HttpResponse.json({ code: 'UNAUTHORIZED', error: '請先登入' }, { status: 401 });
      }),
      http.post('*/users/refresh-token', () => {
        calls.refresh += 1;
        return HttpResponse.json({ token: 'fresh', refreshToken: 'refresh-2' });
      }),
    );
    tokenStore.set({ token: 'stale', refreshToken: 'refresh-1' });
    await expect(apiFetch('/self-users/me')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual({ refresh: 1, me: 2 });
  });

  it('never refreshes for a 401 on a public path', async () => {
    const calls = sessionServer();
    server.use(
      http.post('*/users/login', () =>
        HttpResponse.json({ code: 'LOGIN_FAILED', errors: [{ field: 'password', message: '錯' }] }, { status: 401 }),
      ),
    );
    tokenStore.set({ token: 'stale', refreshToken: 'refresh-1' });
    await expect(apiFetch('/users/login', { method: 'POST', body: '{}' })).rejects.toMatchObject({ status: 401 });
    expect(calls.refresh).toHaveLength(0);
    expect(tokenStore.getAuthToken()).toBe('stale');
  });

  it('uses a token renewed meanwhile instead of spending the rotated refresh token again', async () => {
    const calls = sessionServer();
    server.use(
      http.get('*/cases/mine', ({ request }) => {
        const auth = request.headers.get('Authorization');
        if (auth === 'Bearer fresh') return HttpResponse.json([]);
        // While this request was out, another one refreshed the session.
        tokenStore.set({ token: 'fresh', refreshToken: 'refresh-2' });
        return HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );
    tokenStore.set({ token: 'stale', refreshToken: 'refresh-1' });
    await expect(apiFetch('/cases/mine')).resolves.toEqual([]);
    expect(calls.refresh).toHaveLength(0);
  });

  it('notifies listeners when tokens change', () => {
    const seen: (string | null)[] = [];
    const unsubscribe = tokenStore.subscribe(() => seen.push(tokenStore.getAuthToken()));
    tokenStore.set({ token: 'a', refreshToken: 'r' });
    tokenStore.clear();
    unsubscribe();
    tokenStore.set({ token: 'b', refreshToken: 'r' });
    expect(seen).toEqual(['a', null]);
  });
});
