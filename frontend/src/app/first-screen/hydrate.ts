/**
 * Whether the app hydrates the server's HTML or replaces it. The build prerenders home, the board,
 * the login page, the terms and the privacy policy whole with the app's own tree
 * (prerender.tsx), and marks their `#root` with `data-first-screen="page"` (prerender/plugin.ts).
 * Hydrating keeps that DOM: the app's first render attaches to it instead of building the page
 * again and having the browser style and lay it out a second time (issue 38: Lighthouse's mean
 * blocking time on those pages 76 → 48 ms, docs/benchmarks/2026-11-29-hydrated-first-screens.md).
 * The app's first render draws what the prerender drew: the session and the media queries read
 * their server snapshots while hydrating (a logged-out phone, `useSyncExternalStore`), then the
 * page renders again for a member or a wide screen.
 */

/** The value of `#root`'s `data-first-screen` on a page prerendered whole. */
export const WHOLE_PAGE = 'page';

/**
 * The prerender drew the page at its path alone: a query (the board's filters, a page number, a
 * login's return address) may change what the app's first render shows, and HTML that differs from
 * it would be thrown away by React after a failed hydration. Those addresses are replaced, as the
 * frame's pages are. So is a page whose form was typed into before the app's code came: hydrating
 * keeps what the field shows but not in the form's state (React leaves a field's value as it
 * hydrates it), so logging in would say the field is empty; replaced, the form starts empty, as it shows.
 * Once hydration has begun, React hydrates a field before it handles an event on it, and then
 * sees every edit.
 */
export function hydratable(root: HTMLElement, location: Pick<Location, 'search'>): boolean {
  return root.dataset.firstScreen === WHOLE_PAGE && location.search === '' && !typedInto(root);
}

function typedInto(root: HTMLElement): boolean {
  return Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')).some(
    (field) =>
      field.value !== field.defaultValue ||
      (field instanceof HTMLInputElement && field.checked !== field.defaultChecked),
  );
}
