import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { preloadPage } from '@/app/router';
import { loadLanguage } from '@/i18n/load';
import { installLayout } from './layout';
import { installMatchMedia, setViewportWidth } from './viewport';
import { server } from './server';

installMatchMedia();
installLayout();
// `t` is empty until a language's words are in it, as main.tsx does before the first render.
await loadLanguage('zh-HK');

// The first render of a lazily loaded page can take seconds on a busy 2-core machine.
configure({ asyncUtilTimeout: 8_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Every page loads on demand (router.tsx); home is loaded ahead here, as main.tsx loads the first
// page before the app's first render, so that a test of it reads it at once.
beforeAll(() => preloadPage('/'));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  // Registration steps and drafts kept across a login live in sessionStorage.
  sessionStorage.clear();
  setViewportWidth(1280);
});
afterAll(() => server.close());

// jsdom does not implement scrolling.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
