import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { App } from './app/App';
import { adoptPrerenderedStyles, documentWithoutStyles } from './app/first-screen/styles';
import { firstScreenCache } from './app/first-screen/seed';
import { language } from './i18n/language';
import { loadLanguage } from './i18n/load';
import { preloadPage } from './app/router';
import { registerServiceWorker, reloadOnStaleChunk } from './app/updates/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Says the server's HTML is gone once the app's first render is in the page (browser tests wait for it). */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    delete container?.dataset.firstScreen;
  }, []);
  return children;
}

// Fluent UI's styles for the first screen came with the HTML: the renderer knows them, rather
// than insert every rule a second time, and learns them without parsing them (styles.ts).
const renderer = createDOMRenderer(document);
adoptPrerenderedStyles(renderer, document);

// The server's first screen stays until the page's own code is here: the app then replaces it
// with the same page and the same data, rather than with a spinner. As a transition, the first
// render yields to the browser as it goes instead of holding the main thread in one long task.
// The words come first (`t` is empty until then), the page's code after them: the boot script
// asked for both at once, so the second mostly waits for nothing.
const cache = firstScreenCache(document);
void loadLanguage(language())
  .then(() => preloadPage(window.location.pathname))
  .then(() => {
    startTransition(() =>
      createRoot(container).render(
        <StrictMode>
          <RendererProvider renderer={renderer} targetDocument={documentWithoutStyles()}>
            <TakeOver>
              <App swr={{ provider: () => cache }} />
            </TakeOver>
          </RendererProvider>
        </StrictMode>,
      ),
    );
  });

// The service worker belongs to the built app: the dev server's files change in place.
if (import.meta.env.PROD) {
  reloadOnStaleChunk();
  registerServiceWorker();
}
