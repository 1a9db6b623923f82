/**
 * Registers the service worker of the built app (pwa/service-worker.js) and keeps visitors on
 * the current version: the browser looks for a new one at every visit, once the page has
 * loaded (never from its HTTP cache), and again when a long-open tab comes back to the front.
 */

/** A tab left open looks for a new version at most this often. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** A page that never loads or goes quiet still gets its service worker this late. */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Registers the service worker once the page has loaded and the main thread is idle
 * (`whenSettled`): installing it fetches and stores every file of the app's start, which on a
 * first visit would otherwise compete with the page's own start for the phone's bandwidth and
 * its cores.
 */
export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  if (!container) return;
  whenSettled(() => register(container));
}

/**
 * Runs `run` once: after the window's load event, in the first idle period after it, or at the
 * latest `SETTLE_TIMEOUT_MS` after this call (a load held up by an image that never arrives).
 */
export function whenSettled(run: () => void, target: Window = window): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  const idle = () => {
    // Safari has no requestIdleCallback: the next task after the load event is the nearest.
    if (typeof target.requestIdleCallback === 'function')
      target.requestIdleCallback(once, { timeout: SETTLE_TIMEOUT_MS });
    else target.setTimeout(once, 0);
  };
  target.setTimeout(once, SETTLE_TIMEOUT_MS);
  if (target.document.readyState === 'complete') idle();
  else target.addEventListener('load', idle, { once: true });
}

function register(container: ServiceWorkerContainer): void {
  let lastCheck = Date.now();
  container
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then((registration) => {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && Date.now() - lastCheck > CHECK_EVERY_MS) {
          lastCheck = Date.now();
          registration.update().catch(() => undefined);
        }
      });
    })
    // Without a service worker the site works as before (private windows, old browsers).
    .catch(() => undefined);
}

const RELOADED_AT_KEY = 'tutorhub.reloadedForUpdateAt';

/** A chunk still missing this soon after such a reload is a real error, not a release. */
const RELOAD_AT_MOST_EVERY_MS = 30_000;

/**
 * A page opened before a release asks for a chunk by its old name, which the server no longer
 * has: load the new version instead. At most once in 30 s, so a chunk that is truly missing
 * (or a release still rolling out across servers) shows its error rather than reloading for
 * ever.
 */
export function reloadOnStaleChunk(target: Window = window, now: () => number = Date.now): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RELOAD_AT_MOST_EVERY_MS) return;
    target.sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
    event.preventDefault();
    target.location.reload();
  });
}
