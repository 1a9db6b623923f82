/*
 * tutorhub's service worker. pwa/plugin.ts fills in VERSION and PRECACHE at build time.
 *
 * - Pages always come from the network, so a visitor online always gets the current version;
 *   with no network, the offline page says so.
 * - The app's files under /assets/ (content-hashed, never changed in place) are kept in a cache
 *   of this version: the entry files at install, the others as they are first loaded.
 * - Nothing else is touched: API answers, which hold people's data, uploaded media and icons
 *   go to the network (and the browser's own cache) as if there were no service worker.
 * - A new version takes over at once, removes the old caches and tells open pages which files
 *   it has, so a page built from other files can offer to reload (src/app/updates).
 */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `tutorhub-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';

/**
 * From the server, never the browser's HTTP cache: it may hold the last release's copy. The app's
 * files under /assets/ are named by their content, so the copy the page has just loaded is the one
 * to keep: a phone does not download its app twice on its first visit
 * (docs/adr/0076-public-pages-under-150-kib.md).
 */
const fresh = (url) => (url.startsWith('/assets/') ? new Request(url) : new Request(url, { cache: 'reload' }));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map(fresh)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith('tutorhub-') && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim())
      .then(() => self.clients.matchAll({ type: 'window' }))
      .then((pages) => pages.forEach((page) => page.postMessage({ type: 'tutorhub-activated', files: PRECACHE }))),
  );
});

async function fromCacheOrNetwork(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  // Kept on the side: a full disk must not cost the visitor the file the network gave.
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()).catch(() => undefined));
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE);
    return offline ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheOrNetwork(event));
  }
});
