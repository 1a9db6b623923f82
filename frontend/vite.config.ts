import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import griffel from '@griffel/vite-plugin';
import { fileURLToPath, URL } from 'node:url';
import { precompress } from './precompress/plugin';
import { firstScreens } from './prerender/plugin';
import { pwa } from './pwa/plugin';
import { fluentTokens, prebuiltTheme } from './theme/plugin';

/** Path prefixes the Rust server answers (spec §7 paths, served at the site root). */
const apiPrefixes = [
  'health',
  'catalogue',
  'cases',
  'users',
  'self-users',
  'sms',
  'tutors',
  'bookings',
  'profiles',
  'media',
];

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:8080';

const apiProxy: ProxyOptions = {
  target: apiTarget,
  changeOrigin: false,
  // A browser navigation (reload on an API-looking path) still gets the SPA.
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/**
 * Our own `makeStyles` compiled at build time into class names and CSS rules, as Fluent's
 * packages ship theirs: otherwise each one runs stylis and rtl-css-js in the phone's first render
 * (ADR 0076). The build only: the dev server, Vitest and the prerender compile them at run time,
 * to the same classes and rules.
 */
const stylesAheadOfTime = {
  ...griffel({
    include: [/\/src\/.*\.tsx?$/],
    babelOptions: { presets: ['@babel/preset-typescript', ['@babel/preset-react', { runtime: 'automatic' }]] },
  }),
  apply: 'build' as const,
};

export default defineConfig({
  plugins: [prebuiltTheme(), fluentTokens(), stylesAheadOfTime, react(), pwa(), firstScreens(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      [`^/(${apiPrefixes.join('|')})(/|\\?|$)`]: apiProxy,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest (dist/.vite/manifest.json) links each module to its chunk and the chunks it
    // imports: the boot script's per-page preloads and scripts/check-budget.mjs read it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is loaded by every page anyway: one chunk,
          // rather than thirty small files a phone asks for one by one
          // (docs/adr/0076-public-pages-under-150-kib.md).
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
    },
  },
});
