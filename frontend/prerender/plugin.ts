/**
 * The first screen without JavaScript (issue 14): after the build, renders the app's frame and
 * its data-free public pages (src/app/first-screen/prerender.tsx) in Node, and writes them into
 * the built documents with the styles they use:
 * - `dist/index.html`: the frame, with `<!--first-screen-->` in `<main>` for the server to fill
 *   (a tutor's or a case's first screen) or leave empty (a member's page);
 * - `dist/first-screen/{home,all-cases,terms,privacy}.html`: those pages whole.
 * The server picks the document by the page's path (crates/http/src/system/first_screen.rs).
 * `#root` carries `data-first-screen` until the app has replaced the server's HTML (main.tsx).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { FirstScreens } from '../src/app/first-screen/prerender';

const ROOT_ELEMENT = '<div id="root"></div>';

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
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!index.includes(ROOT_ELEMENT)) throw new Error(`first screens: ${ROOT_ELEMENT} is missing from index.html`);
        const css = readFileSync(join(config.root, 'src/app/first-screen/first-screen.css'), 'utf8');
        const head = `${screens.styles}<style id="first-screen-css">${css}</style></head>`;
        const page = (body: string) =>
          index.replace('</head>', head).replace(ROOT_ELEMENT, `<div id="root" data-first-screen>${body}</div>`);
        writeFileSync(join(outDir, 'index.html'), page(screens.frame));
        mkdirSync(join(outDir, 'first-screen'), { recursive: true });
        for (const [name, body] of Object.entries(screens.pages)) {
          writeFileSync(join(outDir, 'first-screen', `${name}.html`), page(body));
        }
      } finally {
        await server.close();
      }
    },
  };
}
