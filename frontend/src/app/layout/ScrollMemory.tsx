import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each entry of the history was scrolled to, by its key; kept across a reload of the tab. */
const STORAGE_KEY = 'tutorhub.scrollPositions';
const positions = new Map<string, number>();

function remembered(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    for (const [key, y] of Object.entries(saved)) if (!positions.has(key)) positions.set(key, y);
  } catch {
    // A storage that is full, forbidden or holds something else: start with nothing remembered.
  }
}

function remember(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
  } catch {
    // Scroll positions are a comfort, not data.
  }
}

/**
 * The scroll restoration of react-router's data routers, for the app's declarative router
 * (docs/adr/0076-public-pages-under-150-kib.md): back and forward return to where that page was
 * left; a new page starts at its top, or at the element its `#hash` names. A change of the query
 * alone (a search, a tab, a page of results) keeps the scroll where it is: the page scrolls itself
 * when it means to.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // The entry the page's scrolling belongs to: set as a new entry is drawn, before it scrolls
  // anywhere, so that neither its first scroll nor the old page's end (a shorter page clamps
  // the scroll) is noted as where the old page was left.
  const current = useRef(location.key);

  useEffect(() => {
    const { history } = window;
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const note = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', remember);
    return () => {
      history.scrollRestoration = before;
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', remember);
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
  }, [location.key]);

  const { key, pathname, hash } = location;
  // The app's first render takes over a page the visitor may already have scrolled (the server's
  // first screen): it moves nothing, unless a reload comes back to a remembered place.
  const first = useRef(true);
  useLayoutEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (isFirst) remembered();
    if (navigationType === 'POP') {
      const y = positions.get(key);
      if (y !== undefined || !isFirst) window.scrollTo(0, y ?? 0);
      return;
    }
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
    // Only a new page (or a new #hash) moves the scroll; `key` changes with the query too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, hash]);

  return null;
}
