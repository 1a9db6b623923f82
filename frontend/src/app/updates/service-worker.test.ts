import { reloadOnStaleChunk, whenSettled } from './service-worker';

/** A window with what the guard uses: events, session storage and a reload to count. */
function fakeWindow() {
  const events = new EventTarget();
  const reload = vi.fn();
  const target = Object.assign(events, {
    sessionStorage: window.sessionStorage,
    location: { reload },
  }) as unknown as Window;
  return { target, reload };
}

const staleChunk = () => new Event('vite:preloadError', { cancelable: true });

describe('reloadOnStaleChunk', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('reloads once for a chunk a release removed, then lets a second failure show', () => {
    const { target, reload } = fakeWindow();
    let clock = 1_000_000;
    reloadOnStaleChunk(target, () => clock);
    const first = staleChunk();
    target.dispatchEvent(first);
    expect(reload).toHaveBeenCalledOnce();
    expect(first.defaultPrevented).toBe(true);

    // The reloaded page (same tab, same session) fails again at once: no second reload.
    clock += 5_000;
    const again = staleChunk();
    target.dispatchEvent(again);
    expect(reload).toHaveBeenCalledOnce();
    expect(again.defaultPrevented).toBe(false);

    // A later release, much later: reloads again.
    clock += 60_000;
    target.dispatchEvent(staleChunk());
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

/** A window still loading, whose load event, idle periods and timers the test sends. */
function loadingWindow() {
  const events = new EventTarget();
  const idle: Array<() => void> = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const target = Object.assign(events, {
    document: { readyState: 'loading' },
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  }) as unknown as Window;
  return { target, events, idle, timers };
}

describe('whenSettled', () => {
  it('waits for the load event, then for an idle period', () => {
    const { target, events, idle } = loadingWindow();
    const run = vi.fn();
    whenSettled(run, target);
    expect(idle).toHaveLength(0);

    events.dispatchEvent(new Event('load'));
    expect(run).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);

    idle[0]?.();
    expect(run).toHaveBeenCalledOnce();
  });

  it('asks for the idle period at once when the page has already loaded', () => {
    const { target, idle } = loadingWindow();
    (target.document as { readyState: string }).readyState = 'complete';
    const run = vi.fn();
    whenSettled(run, target);
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs at the latest after ten seconds when the page never loads, and only once', () => {
    const { target, events, idle, timers } = loadingWindow();
    const run = vi.fn();
    whenSettled(run, target);
    const latest = timers.find((timer) => timer.ms === 10_000);
    latest?.run();
    expect(run).toHaveBeenCalledOnce();

    events.dispatchEvent(new Event('load'));
    idle[0]?.();
    expect(run).toHaveBeenCalledOnce();
  });
});
