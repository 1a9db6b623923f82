/*
 * tutorhub's service worker. pwa/plugin.ts fills in VERSION and PRECACHE at build time.
 *
 * - Pages always come from the network, so a visitor online always gets the current version;
 *   with no network, the offline page says so.
 * - The app's files (content-hashed, never changed in place) and icons are kept in a cache of
 *   this version: the entry files at install, the others as they are first loaded.
 * - Nothing else is touched: API answers, which hold people's data, and uploaded media go to
 *   the network as if there were no service worker.
 * - A new version takes over at once and removes the old caches; open pages are told, and
 *   offer to reload (src/app/updates).
 */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `tutorhub-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
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
      .then(() => self.clients.claim()),
  );
});

/** The app's own files: safe to keep, since a name is never reused for other content. */
function isAppFile(url) {
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/');
}

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
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
  } else if (isAppFile(url)) {
    event.respondWith(fromCacheOrNetwork(request));
  }
});
