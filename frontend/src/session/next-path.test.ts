import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './next-path';

describe('safeNext', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeNext('/case/10234')).toBe('/case/10234');
    expect(safeNext('/tutor/7?book=1#box')).toBe('/tutor/7?book=1#box');
  });

  it.each([
    null,
    '',
    'case/1',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/login-or-register',
  ])('refuses %j', (raw) => {
    expect(safeNext(raw)).toBeUndefined();
  });
});

describe('loginPath', () => {
  it('carries the page to come back to', () => {
    expect(loginPath('/case/10234')).toBe('/login-or-register?next=%2Fcase%2F10234');
  });

  it('needs no parameter for home or an unsafe page', () => {
    expect(loginPath('/')).toBe('/login-or-register');
    expect(loginPath('//evil.example')).toBe('/login-or-register');
  });
});
