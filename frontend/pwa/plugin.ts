/**
 * Makes the app installable and resilient (issue 14): writes the web app manifest, the
 * offline page and the service worker into the build, from the zh-HK catalogue and the
 * build's own file names. See pwa/service-worker.js for what the service worker does.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { pwaZhHK } from '../src/i18n/pwa-zh-HK';

const THEME_COLOR = '#b4531a';
const ICONS = ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png'];

function manifest() {
  return {
    name: pwaZhHK.appName,
    short_name: pwaZhHK.shortName,
    description: pwaZhHK.description,
    lang: 'zh-HK',
    start_url: '/',
    scope: '/',
    id: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: ICONS[0], sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: ICONS[1], sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: ICONS[2], sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Catalogue text as HTML text. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A page that needs nothing else: inline style (the CSP allows inline styles, not scripts). */
function offlinePage(): string {
  const offline = Object.fromEntries(
    Object.entries(pwaZhHK.offline).map(([key, text]) => [key, escapeHtml(text)]),
  ) as typeof pwaZhHK.offline;
  return `<!doctype html>
<html lang="zh-HK">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="${THEME_COLOR}" />
    <meta name="robots" content="noindex" />
    <title>${offline.title}</title>
    <style>
      body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
        font-family: "Noto Sans HK", "Noto Sans CJK TC", system-ui, sans-serif; background: #faf9f8; color: #242424; }
      main { max-width: 28rem; padding: 2rem 1.5rem; text-align: center; }
      h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
      p { line-height: 1.6; margin: 0 0 1.5rem; }
      a { display: inline-block; padding: 0.75rem 1.5rem; border-radius: 0.5rem; background: ${THEME_COLOR};
        color: #fff; text-decoration: none; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>${offline.heading}</h1>
      <p>${offline.body}</p>
      <a href="">${offline.retry}</a>
    </main>
  </body>
</html>
`;
}

export function pwa(): Plugin {
  return {
    name: 'tutorhub-pwa',
    apply: 'build',
    generateBundle(_options, bundle) {
      // What the first visit needs: the entry script, the chunks it imports and their styles.
      const entryFiles = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' && file.isEntry
          ? [file.fileName, ...file.imports, ...(file.viteMetadata?.importedCss ?? [])]
          : [],
      );
      // The zh-HK words (a chunk of their own, load.ts): the app renders nothing without them.
      const wordFiles = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' && file.moduleIds.some((id) => id.endsWith('/src/i18n/zh-HK-words.ts'))
          ? [file.fileName, ...file.imports]
          : [],
      );
      // The offline page, the entry files and the words: what a page needs when the network is gone.
      const precache = ['/offline.html', ...[...new Set([...entryFiles, ...wordFiles])].map((f) => `/${f}`)];
      const offline = offlinePage();
      // A new build is a new version (browsers compare sw.js byte for byte): any file renamed,
      // or the offline page's words changed.
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .update(offline)
        .digest('hex')
        .slice(0, 12);
      const template = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
      const worker = template
        .replace("'__VERSION__'", JSON.stringify(version))
        .replace('__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(manifest(), null, 2)}\n`,
      });
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offline });
    },
  };
}
