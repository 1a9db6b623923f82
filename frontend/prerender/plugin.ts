/**
 * The first screen without JavaScript (issue 14): after the build, renders the app's frame and
 * its data-free public pages (src/app/first-screen/prerender.tsx) in Node, and writes them into
 * the built documents, each with the styles it uses:
 * - `dist/index.html`: the frame, with `<!--first-screen-->` in `<main>` for the server to fill
 *   (a tutor's or a case's first screen) or leave empty (a member's page);
 * - `dist/first-screen/{home,all-cases,terms,privacy}.html`: those pages whole;
 * - the same in English: `dist/index.en.html`, `dist/first-screen/{…}.en.html` (issue 35).
 * The server picks the document by the page's path (crates/http/src/system/first_screen.rs).
 * `#root` carries `data-first-screen` until the app has replaced the server's HTML (main.tsx).
 * The app's JavaScript starts after the first paint (BOOT_SCRIPT).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { FirstScreens, Rendered } from '../src/app/first-screen/prerender';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Starts the app once the server's HTML is on screen: the entry script and the chunks it
 * imports (all at once, as Vite's module preloads did) are asked for after the first paint and
 * the page's images, so neither waits for them (at most 1.5 s later). A page opened in the
 * background, which paints nothing, starts at once. A classic script, so that it knows its own
 * element (`document.currentScript`); the app's entry stays a module script in the head, where
 * the update notice looks for it.
 */
const BOOT_SCRIPT = `(function () {
  var boot = document.currentScript;
  function start() {
    boot.dataset.preload.split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = boot.dataset.entry;
    document.head.appendChild(app);
  }
  var started = false;
  function once() {
    if (!started) {
      started = true;
      start();
    }
  }
  if (document.visibilityState !== 'visible') return once();
  // After the first contentful paint and the page's images (a tutor's photo): the bandwidth of a
  // slow phone goes to what is on screen first.
  var painted = false;
  var loaded = document.readyState === 'complete';
  function whenReady() {
    if (painted && loaded) setTimeout(once);
  }
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        painted = true;
        whenReady();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    painted = true;
  }
  window.addEventListener('load', function () {
    loaded = true;
    whenReady();
  });
  // Never later than this: a tab hidden before its first paint, a photo that takes long.
  setTimeout(once, 1500);
})();
`;

/**
 * `index.html` with the boot script in place of the entry script and its module preloads,
 * which it names (`data-entry`, `data-preload`; frontend/scripts/check-budget.mjs reads them).
 */
function bootAfterFirstPaint(index: string, bootPath: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
  if (!entry) throw new Error('first screens: the entry script is missing from index.html');
  const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const boot = `<script defer src="${bootPath}" data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"></script>`;
  // Replacements are functions: a string's `$&` or `$'` would be read as a pattern.
  return preloads.reduce(
    (html, preload) => html.replace(preload[0], () => ''),
    index.replace(entry[0], () => `${boot}\n    `),
  );
}

export function firstScreens(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tutorhub-first-screens',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root: config.root,
        logLevel: 'error',
        resolve: { alias: config.resolve.alias },
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const module = (await server.ssrLoadModule('/src/app/first-screen/prerender.tsx')) as {
          renderFirstScreens: () => Promise<FirstScreens>;
        };
        const screens = await module.renderFirstScreens();
        const outDir = join(config.root, config.build.outDir);
        const bootPath = `/assets/boot-${createHash('sha256').update(BOOT_SCRIPT).digest('hex').slice(0, 8)}.js`;
        writeFileSync(join(outDir, bootPath), BOOT_SCRIPT);
        const built = bootAfterFirstPaint(readFileSync(join(outDir, 'index.html'), 'utf8'), bootPath);
        if (!built.includes(ROOT_ELEMENT)) throw new Error(`first screens: ${ROOT_ELEMENT} is missing from index.html`);
        if (!built.includes('<html lang="zh-HK">'))
          throw new Error('first screens: <html lang="zh-HK"> is missing from index.html');
        const css = readFileSync(join(config.root, 'src/app/first-screen/first-screen.css'), 'utf8');
        mkdirSync(join(outDir, 'first-screen'), { recursive: true });
        // zh-HK's documents keep their names; English's are `index.en.html`, `first-screen/home.en.html`…
        for (const [language, languageScreens] of Object.entries(screens)) {
          const suffix = language === 'en' ? '.en' : '';
          const index = built.replace('<html lang="zh-HK">', () => `<html lang="${language}">`);
          // The server's own first screens (a tutor, a case) go into the frame: it has their styles.
          const page = ({ html, styles }: Rendered, extraStyles = '') =>
            index
              .replace('</head>', () => `${styles}${extraStyles}</head>`)
              .replace(ROOT_ELEMENT, () => `<div id="root" data-first-screen>${html}</div>`);
          const frame = page(languageScreens.frame, `<style id="first-screen-css">${css}</style>`);
          writeFileSync(join(outDir, `index${suffix}.html`), frame);
          for (const [name, rendered] of Object.entries(languageScreens.pages)) {
            writeFileSync(join(outDir, 'first-screen', `${name}${suffix}.html`), page(rendered));
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}
