import { expect, test as base } from '@playwright/test';

/**
 * Playwright's `test`, with a guard on every journey: the app's Content-Security-Policy must
 * not block anything the app itself does. Chromium reports each blocked script, style, image
 * or request on the console ("Refused to ... because it violates the following Content
 * Security Policy directive"); any such report fails the test that caused it, unless the
 * test expects it (`test.use({ expectedCspReports: n })`).
 */
export const test = base.extend<{ expectedCspReports: number; cspGuard: void }>({
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
