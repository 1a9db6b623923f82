import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readFirstScreenData } from './app/first-screen/seed';
import { preloadPage } from './app/router';
import { registerServiceWorker, reloadOnStaleChunk } from './app/updates/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The server's first screen stays until the page's own code is here: the app then replaces it
// with the same page and the same data, rather than with a spinner.
const fallback = readFirstScreenData(document);
void preloadPage(window.location.pathname).then(() => {
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <StrictMode>
        <App swr={{ fallback }} />
      </StrictMode>,
    ),
  );
  // The server's HTML is gone: what is on screen now is the app (browser tests wait for this
  // before they type into a page).
  delete container.dataset.firstScreen;
});

// The service worker belongs to the built app: the dev server's files change in place.
if (import.meta.env.PROD) {
  reloadOnStaleChunk();
  registerServiceWorker();
}
