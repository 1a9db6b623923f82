import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker, reloadOnStaleChunk } from './app/updates/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker belongs to the built app: the dev server's files change in place.
if (import.meta.env.PROD) {
  reloadOnStaleChunk();
  registerServiceWorker();
}
