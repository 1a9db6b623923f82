/**
 * The first screen without JavaScript (issue 14): after the build, renders the app's frame and
 * its data-free public pages (src/app/first-screen/prerender.tsx) in Node, and writes them into
 * the built documents, each with the styles it uses:
 * - `dist/index.html`: the frame, with `<!--first-screen-->` in `<main>` for the server to fill
 *   (a tutor's or a case's first screen) or leave empty (a member's page);
 * - `dist/first-screen/{home,all-cases,login-or-register,terms,privacy}.html`: those pages whole;
 * - the same in English: `dist/index.en.html`, `dist/first-screen/{…}.en.html` (issue 35).
 * The server picks the document by the page's path and query
 * (crates/http/src/system/first_screen.rs).
 * `#root` carries `data-first-screen` until the app has taken over the server's HTML (main.tsx):
 * `data-first-screen="page"` on a page prerendered whole, which the app hydrates, empty on the
 * frame, whose content the app replaces.
 * The app's JavaScript starts after the first paint (BOOT_SCRIPT).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { FirstScreens, Rendered } from '../src/app/first-screen/prerender';
import { WHOLE_PAGE } from '../src/app/first-screen/hydrate';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Starts the app once the server's HTML is on screen: the entry script, then module preloads of
 * the chunks it imports and of the page being opened's own chunks, one per task (asking for a
 * file takes the main thread a few milliseconds, and two or three dozen at once were one long
 * task a phone could not answer a tap during; a message rather than a timer, which browsers clamp,
 * and every browser that runs the app's module scripts has MessageChannel), are asked for
 * after the first paint and the page's images, so neither waits for them (at most 1.5 s
 * later). A page opened in the background, which paints nothing, starts at once. A classic
 * script, so that it knows its own element (`document.currentScript`); the app's entry stays a
 * module script in the head, where the update notice looks for it.
 *
 * `data-pages` names each page's own chunks by its path (prerender/pages.json: `/case/*` is every
 * path under `/case/`) and, after them, the English words of the areas it brings, which it loads
 * under `/en` (src/i18n/overwrite.ts); `data-en` the English words' chunks, which a page under
 * `/en` loads, and `data-zh` the zh-HK words', which every other page loads
 * (docs/adr/0076-public-pages-under-150-kib.md): a page asks for its own code and words and no
 * other page's.
 */
const BOOT_SCRIPT = `(function () {
  var boot = document.currentScript;
  function pageFiles() {
    var path = location.pathname;
    var english = /^\\/en(\\/|$)/.test(path);
    if (english) path = path.slice(3) || '/';
    var files = JSON.parse(english ? boot.dataset.en : boot.dataset.zh);
    JSON.parse(boot.dataset.pages).forEach(function (page) {
      var pattern = page[0];
      var wild = pattern.slice(-1) === '*';
      if (wild ? path.indexOf(pattern.slice(0, -1)) === 0 : path === pattern) {
        files = files.concat(page[1], english ? page[2] : []);
      }
    });
    return files;
  }
  function start() {
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = boot.dataset.entry;
    document.head.appendChild(app);
    var files = boot.dataset.preload.split(' ').filter(Boolean);
    try {
      files = files.concat(pageFiles());
    } catch (error) {
      // The page's own code then loads when the app asks for it.
    }
    // A chunk can be both a page's and its words' (the bundler shares it): asked for once.
    var asked = {};
    files = files.filter(function (href) {
      return asked[href] ? false : (asked[href] = true);
    });
    // One file per task, by message (see above).
    var next = 0;
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      if (next >= files.length) return channel.port1.close();
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[next++];
      document.head.appendChild(link);
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  }
  // A form of the server's HTML is the app's until it takes over: a native submit would reload
  // the page and lose what was typed.
  document.addEventListener('submit', function (event) {
    if (document.querySelector('#root[data-first-screen]')) event.preventDefault();
  }, true);
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

/** The build's manifest (`build.manifest`): each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;

/** A module's chunk and every chunk it imports statically, however deep, by their manifest keys. */
function keysOf(manifest: Manifest, modules: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first screens: ${key} is not in the build's manifest (prerender/pages.json)`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return seen;
}

/** A module's chunk and every chunk it imports statically, however deep, by their paths. */
function chunksOf(manifest: Manifest, modules: string[]): Set<string> {
  return new Set([...keysOf(manifest, modules)].map((key) => `/${manifest[key]?.file}`));
}

/**
 * The English words of the areas a module's chunks bring (src/i18n/<area>-en.ts), which their
 * catalogues ask for on an English page (src/i18n/overwrite.ts).
 */
function englishWordsOf(manifest: Manifest, modules: string[]): string[] {
  return [...keysOf(manifest, modules)].flatMap((key) =>
    (manifest[key]?.dynamicImports ?? []).filter((module) => /^src\/i18n\/[a-z-]+-en\.ts$/.test(module)),
  );
}

/**
 * What a page loads beyond the app's start: its chunks and, in English, its areas' English words
 * (`data-pages`), and each language's words (`data-en`, `data-zh`).
 */
function pagePreloads(outDir: string): { pages: string; en: string; zh: string } {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const start = chunksOf(manifest, entry);
  const own = (modules: string[]) => [...chunksOf(manifest, modules)].filter((file) => !start.has(file));
  const table = JSON.parse(readFileSync(new URL('./pages.json', import.meta.url), 'utf8')) as Record<string, string>;
  return {
    pages: JSON.stringify(
      Object.entries(table).map(([pattern, module]) => [
        pattern,
        own([module]),
        own(englishWordsOf(manifest, [module])),
      ]),
    ),
    en: JSON.stringify(own(['src/i18n/english.ts'])),
    zh: JSON.stringify(own(['src/i18n/zh-HK-words.ts'])),
  };
}

/**
 * `index.html` with the boot script in place of the entry script and its module preloads,
 * which it names (`data-entry`, `data-preload`), with each page's own chunks (`data-pages`) and
 * each language's words (`data-en`, `data-zh`); frontend/scripts/check-budget.mjs reads them.
 */
function bootAfterFirstPaint(
  index: string,
  bootPath: string,
  preloads: { pages: string; en: string; zh: string },
): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
  if (!entry) throw new Error('first screens: the entry script is missing from index.html');
  const links = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const boot =
    `<script defer src="${bootPath}" data-entry="${entry[1]}" data-preload="${links.map((p) => p[1]).join(' ')}"` +
    ` data-pages='${preloads.pages}' data-en='${preloads.en}' data-zh='${preloads.zh}'></script>`;
  if ((index.match(/<script type="module"/g) ?? []).length !== 1) {
    throw new Error('first screens: index.html has more than the entry script to start after the first paint');
  }
  // Replacements are functions: a string's `$&` or `$'` would be read as a pattern.
  return links.reduce(
    (html, link) => html.replace(link[0], () => ''),
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
        const outDir = resolve(config.root, config.build.outDir);
        const bootPath = `/assets/boot-${createHash('sha256').update(BOOT_SCRIPT).digest('hex').slice(0, 8)}.js`;
        writeFileSync(join(outDir, bootPath), BOOT_SCRIPT);
        const built = bootAfterFirstPaint(
          readFileSync(join(outDir, 'index.html'), 'utf8'),
          bootPath,
          pagePreloads(outDir),
        );
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
          const page = ({ html, styles }: Rendered, root: string, extraStyles = '') =>
            index
              .replace('</head>', () => `${styles}${extraStyles}</head>`)
              .replace(ROOT_ELEMENT, () => `${root}${html}</div>`);
          const frame = page(
            languageScreens.frame,
            '<div id="root" data-first-screen>',
            `<style id="first-screen-css">${css}</style>`,
          );
          writeFileSync(join(outDir, `index${suffix}.html`), frame);
          for (const [name, rendered] of Object.entries(languageScreens.pages)) {
            const whole = page(rendered, `<div id="root" data-first-screen="${WHOLE_PAGE}">`);
            writeFileSync(join(outDir, 'first-screen', `${name}${suffix}.html`), whole);
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}
