import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { App } from './app/App';
import { adoptPrerenderedStyles, documentWithoutStyles } from './app/first-screen/styles';
import { firstScreenCache } from './app/first-screen/seed';
import { takeOver } from './app/first-screen/take-over';
import { language } from './i18n/language';
import { loadLanguage } from './i18n/load';
import { preloadPage } from './app/router';
import { registerServiceWorker, reloadOnStaleChunk } from './app/updates/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Fluent UI's styles for the first screen came with the HTML: the renderer knows them, rather
// than insert every rule a second time, and learns them without parsing them (styles.ts).
const renderer = createDOMRenderer(document);
adoptPrerenderedStyles(renderer, document);

// The server's first screen stays until the page's own code is here: the app then takes it over
// with the same page and the same data rather than with a spinner (first-screen/take-over.tsx).
// The words come first (`t` is empty until then), the page's code after them: the boot script
// asked for both at once, so the second mostly waits for nothing.
const cache = firstScreenCache(document);
void loadLanguage(language())
  .then(() => preloadPage(window.location.pathname))
  .then(() =>
    takeOver(
      container,
      <RendererProvider renderer={renderer} targetDocument={documentWithoutStyles()}>
        <App swr={{ provider: () => cache }} />
      </RendererProvider>,
    ),
  );

// The service worker belongs to the built app: the dev server's files change in place.
if (import.meta.env.PROD) {
  reloadOnStaleChunk();
  registerServiceWorker();
}
