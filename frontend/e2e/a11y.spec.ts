import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';

// The pages issue 11 touched, as a visitor sees them, on a phone and on a desktop.
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`no serious accessibility violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/all-cases');
    await expect(page.getByTestId(viewport.width < 600 ? 'case-card' : 'case-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const first = page
      .getByTestId(viewport.width < 600 ? 'case-card' : 'case-row')
      .first()
      .getByRole('link')
      .first();
    await first.click();
    await expect(page).toHaveURL(/\/case\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: /登入後申請/ }).click();
    await expect(page).toHaveURL(/\/login-or-register\?next=/);
    await expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
