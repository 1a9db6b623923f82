import { expect, test as base, type Page } from '@playwright/test';

/**
 * Waits until the app has taken the server's first screen over, hydrated or rendered over
 * (src/app/first-screen/take-over.tsx removes the mark): typed into before that, a prerendered
 * form would lose its text.
 */
export async function waitForTakeover(page: Page): Promise<void> {
  await page.locator('#root[data-first-screen]').waitFor({ state: 'detached' });
}

/**
 * Playwright's `test`, with page loads that wait for the app (below), and a guard on every journey: the app's Content-Security-Policy must
 * not block anything the app itself does. Chromium reports each blocked script, style, image
 * or request on the console ("Refused to ... because it violates the following Content
 * Security Policy directive"); any such report fails the test that caused it, unless the
 * test expects it (`test.use({ expectedCspReports: n })`).
 */
export const test = base.extend<{ expectedCspReports: number; cspGuard: void }>({
  // A page load shows the server's first screen, then the app takes it over: a journey that
  // typed into the server's HTML would lose its text. Loads wait until the app has taken over.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled) {
      const takenOver = () => waitForTakeover(page);
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await takenOver();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await takenOver();
        return response;
      };
    }
    await provide(page);
  },
  expectedCspReports: [0, { option: true }],
  cspGuard: [
    async ({ page, expectedCspReports }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toHaveLength(expectedCspReports);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from '@playwright/test';
