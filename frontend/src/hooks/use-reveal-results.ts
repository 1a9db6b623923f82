import { useEffect, useState } from 'react';

/**
 * Brings a search's results into view once they arrive, after a search the person made: on a
 * phone the form is taller than the screen, and results appearing below it look like no answer.
 * Focus moves to the results' heading (give it `tabIndex={-1}`), so a screen reader reads it.
 *
 * `shown` names the search whose answer is on screen (its query string) and `settled` says that
 * answer is in (or failed); `reveal(search)` asks for the results of `search` once it is the one
 * shown and settled, not the answer still on screen from before (navigation commits later than
 * the tap). Only the person's own searches ask: a background refresh scrolls nothing.
 */
export function useRevealResults<E extends HTMLElement>(shown: string, settled: boolean) {
  // The element as state (a callback ref), not a ref object: results whose code loads on demand
  // (SearchResults.tsx) mount their heading after the answer is in, and the reveal waits for it.
  const [element, ref] = useState<E | null>(null);
  const [wanted, setWanted] = useState<string>();
  useEffect(() => {
    if (wanted === undefined || wanted !== shown || !settled || !element) return;
    setWanted(undefined);
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'start', behavior: calm ? 'auto' : 'smooth' });
    element.focus({ preventScroll: true });
  }, [wanted, shown, settled, element]);
  return { ref, reveal: (search: string) => setWanted(search) };
}
