import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** The query parameter that carries where to go back to after logging in. */
export const NEXT_PARAM = 'next';

/**
 * The page to return to after login, if `raw` is one of ours: a path on this site ("/case/12?x=1"),
 * never another site ("//evil.example", "https://…", "/\\evil"), and never the login page itself.
 */
export function safeNext(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  // Resolving against a placeholder origin catches what the prefix checks cannot (tabs, encodings).
  const resolved = new URL(raw, 'https://tutorhub.invalid');
  if (resolved.origin !== 'https://tutorhub.invalid' || resolved.pathname === paths.loginOrRegister) return undefined;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** The login page, set to come back to `next` afterwards. */
export function loginPath(next: string): string {
  const back = safeNext(next);
  return back && back !== paths.home
    ? `${paths.loginOrRegister}?${NEXT_PARAM}=${encodeURIComponent(back)}`
    : paths.loginOrRegister;
}

/** The login page, set to come back to the page showing now. */
export function useLoginPath(): string {
  const location = useLocation();
  return loginPath(location.pathname + location.search + location.hash);
}
