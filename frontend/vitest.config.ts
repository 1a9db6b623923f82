import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      globals: true,
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      // Rendering the first Fluent screen of a file takes seconds on a busy 2-core machine.
      testTimeout: 20_000,
      // One file per core: the files are independent (each its own jsdom and mock server), and
      // on the 2-core CI machine two workers finish the suite in about two thirds of the time
      // one takes (Vitest's default leaves a core free).
      maxWorkers: 2,
      // Worker threads sharing their modules between files: each file gets its own jsdom and
      // starts from cleared storage, handlers and DOM (src/testing/setup.ts), but Fluent UI and
      // the app are imported once per worker rather than once per file: 60 s instead of 227 s
      // on this machine. Files must not depend on a module's state left by another (checked with
      // shuffled file orders: `npx vitest run --sequence.shuffle.files`).
      pool: 'threads',
      isolate: false,
    },
  }),
);
