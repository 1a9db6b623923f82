import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { firstScreens } from './prerender/plugin';
import { pwa } from './pwa/plugin';

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

export default defineConfig({
  plugins: [react(), pwa(), firstScreens()],
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
  },
});
