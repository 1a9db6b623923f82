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

const RELOADED_KEY = 'tutorhub.reloadedForUpdate';

/**
 * A page opened before a release asks for a chunk by its old name, which the server no longer
 * has: load the new version instead, once (a second failure in a row is a real error).
 */
export function reloadOnStaleChunk(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (target.sessionStorage.getItem(RELOADED_KEY)) return;
    target.sessionStorage.setItem(RELOADED_KEY, '1');
    event.preventDefault();
    target.location.reload();
  });
  // Loaded fine: a later stale chunk may reload again.
  target.addEventListener('load', () => target.sessionStorage.removeItem(RELOADED_KEY));
}
