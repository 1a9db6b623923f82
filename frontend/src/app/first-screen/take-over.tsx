import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import { hydratable } from './hydrate';

/** Says the app has taken over the server's HTML once its first render is in the page (browser tests wait for it). */
function TakeOver({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    delete root.dataset.firstScreen;
  }, [root]);
  return children;
}

/**
 * The app's first render over the server's first screen in `root`: it hydrates a page the build
 * prerendered whole and replaces any other (hydrate.ts). As a transition, the first render yields
 * to the browser as it goes instead of holding the main thread in one long task. `options` are
 * for tests, which fail on a hydration React had to give up.
 */
export function takeOver(root: HTMLElement, app: ReactNode, options?: HydrationOptions): Root {
  const tree = (
    <StrictMode>
      <TakeOver root={root}>{app}</TakeOver>
    </StrictMode>
  );
  let reactRoot: Root | undefined;
  startTransition(() => {
    if (hydratable(root, window.location)) reactRoot = hydrateRoot(root, tree, options);
    else (reactRoot = createRoot(root)).render(tree);
  });
  if (!reactRoot) throw new Error('startTransition did not run its callback');
  return reactRoot;
}
