import { vi } from 'vitest';

/** jsdom has no ResizeObserver; Fluent's MessageBar (success banners) measures itself with one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
