import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it shows now and fails on any serious or critical violation, naming
 * the rule and the elements, so a regression reads as what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await animationsSettled(page);
  // Fluent's focus manager (tabster) puts invisible, aria-hidden sentinels at the edges of
  // focus traps on purpose; they pass focus on and are never read out.
  const results = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`);
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/**
 * Waits for every running animation and transition that ends (a dialog fading in or out, a
 * button's hover colour): axe measures colours as drawn, and a button at half opacity
 * mid-fade fails a contrast check the settled page passes. Endless ones (spinners) are left.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}
