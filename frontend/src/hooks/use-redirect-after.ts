import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Once `when` turns true, goes to `path` after `delayMs`: the redirect a screen's message
 * promises ("back to home in 2 seconds", spec §9's delays). A screen that promises one also
 * offers a link to go at once.
 */
export function useRedirectAfter(when: boolean, path: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return undefined;
    const timer = setTimeout(() => void navigate(path), delayMs);
    return () => clearTimeout(timer);
  }, [when, path, delayMs, navigate]);
}
