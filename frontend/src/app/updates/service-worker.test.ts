import { reloadOnStaleChunk } from './service-worker';

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
