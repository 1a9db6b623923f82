/**
 * Registers the service worker of the built app (pwa/service-worker.js) and keeps visitors on
 * the current version: the browser looks for a new one at every visit (never from its HTTP
 * cache), and again when a long-open tab comes back to the front.
 */

/** A tab left open looks for a new version at most this often. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  if (!container) return;
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
