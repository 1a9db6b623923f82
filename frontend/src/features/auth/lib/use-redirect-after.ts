import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Once `when` turns true, goes to `path` after `delayMs` (spec §9's redirect delays). */
export function useRedirectAfter(when: boolean, path: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return undefined;
    const timer = setTimeout(() => void navigate(path), delayMs);
    return () => clearTimeout(timer);
  }, [when, path, delayMs, navigate]);
}
