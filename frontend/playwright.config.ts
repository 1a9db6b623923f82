import { defineConfig, devices } from '@playwright/test';

/**
 * E2E against the real `tutorhub serve` (scripts/e2e.sh starts it on a fresh seeded database
 * and sets E2E_BASE_URL). Debian's Chromium, no browser download.
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('E2E_BASE_URL is not set: run the e2e tests through scripts/e2e.sh (or set it to a running server).');
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'zh-HK',
    timezoneId: 'Asia/Hong_Kong',
    trace: 'retain-on-failure',
    // Journeys run without the service worker, so each one meets the server as it is; the
    // service worker's own journeys (pwa.spec.ts) allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
