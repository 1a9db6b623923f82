import { useCallback, useEffect, useState } from 'react';

/**
 * A whole-second countdown for "send again in N s" buttons. `start(n)` shows n at once and
 * counts down to 0 one second at a time; `reset()` stops it. One timeout per tick, so an
 * unmounted component leaves no timer behind.
 */
export function useCountdown(): {
  remaining: number;
  running: boolean;
  start: (seconds: number) => void;
  reset: () => void;
} {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.floor(seconds))), []);
  const reset = useCallback(() => setRemaining(0), []);
  return { remaining, running: remaining > 0, start, reset };
}
