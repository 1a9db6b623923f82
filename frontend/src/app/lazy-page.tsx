import { type ComponentType } from 'react';
import { laterWordsLoaded } from '@/i18n/overwrite';
import { lazy } from '@/lib/lazy';

/** A page whose code loads on demand, and can be loaded ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Once loaded (ahead, by `preload`), the page renders at once instead of through its Suspense
 * fallback: the app's first render of a deep link then replaces the server's first screen with
 * the page itself, not with a spinner (issue 14).
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  // The page's words as well as its code (src/lib/lazy.ts): loaded ahead, it renders in its language.
  const loadWithWords = async () => {
    const page = await load();
    await laterWordsLoaded();
    return page;
  };
  const preload = () =>
    (pending ??= loadWithWords().then(
      (page) => (loaded = page),
      (error: unknown) => {
        // A failed load (a chunk gone after a release, a dropped network) may be tried again.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}
