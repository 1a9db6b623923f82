import { http, HttpResponse } from 'msw';
import type { CurrentUser } from '@/api/generated/model';
import { tokenStore } from '@/api/token-store';
import { server } from './server';

export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '00000000-0000-4000-8000-000000000007',
    userId: 1001,
    role: 'user',
    accountType: 'student',
    isTutor: false,
    isTutorProfileActive: false,
    name: '陳太',
    phone: '+85261234567',
    email: 'chan.tai@example.com',
    birthdate: '1985-03-01',
    userType: 'individual',
    language: 'zh-HK',
    createdAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

/** The demo organization after the back office refused its documents. */
export const rejectedOrganization = makeCurrentUser({
  userId: 1003,
  name: '明德教育',
  phone: '+85263456789',
  userType: 'organization',
  orgVerification: 'rejected',
  orgRejectionReason: '地址證明不清晰',
});

/** Stores tokens and answers GET /self-users/me with this user: the app starts logged in. */
export function loggedInAs(user: CurrentUser = makeCurrentUser()) {
  tokenStore.set({ token: 'access-1', refreshToken: 'refresh-1' });
  const logouts: unknown[] = [];
  server.use(
    http.get('*/self-users/me', () => HttpResponse.json(user)),
    http.post('*/users/logout', async ({ request }) => {
      logouts.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { logouts };
}
