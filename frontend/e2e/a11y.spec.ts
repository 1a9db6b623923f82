import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { demoParent, logInThroughUi } from './support/session';

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

// The pages a parent uses after logging in, issue 11's booking box, bookings, the tutor
// application and the profile among them.
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`no serious accessibility violations on a parent's pages at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await logInThroughUi(page, demoParent);
    const tutors = (await (await page.request.get('/tutors')).json()) as { items: { id: string }[] };
    const pages: [string, () => Promise<void>][] = [
      [`/tutor/${tutors.items[0]?.id}`, () => expect(page.getByTestId('booking-box')).toBeVisible()],
      ['/my-bookings', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/my-cases', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/post-case', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/tutor-application', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
      ['/edit-profile', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await ready();
      await expectNoSeriousA11yViolations(page);
    }
    // A form showing its errors: fields and chip groups marked, messages read with them.
    await page.goto('/tutor-application');
    await page.getByRole('button', { name: '提交申請' }).click();
    await expect(page.getByText('請選擇最少一個任教科目')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
