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
      // Worker threads rather than child processes: each file still gets its own module graph
      // and jsdom, and the suite starts and imports about a sixth faster (227 s → 187 s here).
      pool: 'threads',
    },
  }),
);
