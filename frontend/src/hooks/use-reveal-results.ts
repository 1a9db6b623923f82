import { useEffect, useRef, useState } from 'react';

/**
 * Brings a search's results into view once they arrive, after a search the person made: on a
 * phone the form is taller than the screen, and results appearing below it look like no answer.
 * Focus moves to the results' heading (give it `tabIndex={-1}`), so a screen reader reads the
 * count next. Paging and the order keep their own scrolling: only `reveal()` asks for this.
 */
export function useRevealResults<E extends HTMLElement>(ready: boolean) {
  const ref = useRef<E>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending || !ready || !ref.current) return;
    setPending(false);
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current.scrollIntoView({ block: 'start', behavior: calm ? 'auto' : 'smooth' });
    ref.current.focus({ preventScroll: true });
  }, [pending, ready]);
  return { ref, reveal: () => setPending(true) };
}
