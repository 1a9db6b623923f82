import { expect, test } from './support/test';
import { demoParent } from './support/session';

test('a logged-out visitor opens the booking form on a tutor, taps 登入後預約, logs in and is back on that tutor', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const cards = page.getByRole('list', { name: '導師搜尋結果' }).getByTestId('tutor-card');
  await page.getByRole('form', { name: '搵導師' }).getByRole('button', { name: '搜尋', exact: true }).click();
  await cards.first().getByRole('link', { name: /查看/ }).click();
  await expect(page).toHaveURL(/\/tutor\/\d+$/);
  const tutorUrl = page.url();

  await page.getByRole('button', { name: '開始預約' }).click();
  await page.getByRole('button', { name: '登入後預約' }).click();
  await expect(page).toHaveURL(/\/login-or-register\?next=%2Ftutor%2F\d+$/);
  await page.getByRole('textbox', { name: '電話號碼' }).fill(demoParent.phone);
  await page.locator('input[autocomplete="current-password"]').fill(demoParent.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();

  await expect(page).toHaveURL(tutorUrl);
  await expect(page.getByRole('button', { name: '預約', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '預約時間' })).toBeVisible();
});

test('a page behind the login guard is where login leads back to', async ({ page }) => {
  await page.goto('/my-bookings');
  await expect(page).toHaveURL(/\/login-or-register\?next=%2Fmy-bookings$/);
  await page.getByRole('textbox', { name: '電話號碼' }).fill(demoParent.phone);
  await page.locator('input[autocomplete="current-password"]').fill(demoParent.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/my-bookings$/);
});

test('a logged-out parent taps 免費刊登補習個案 on home, logs in and is back on the case form', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('link', { name: '免費刊登補習個案' }).click();
  await expect(page.getByText('請先登入再刊登補習個案！')).toBeVisible();
  await expect(page).toHaveURL(/\/login-or-register\?next=%2Fpost-case$/, { timeout: 5_000 });
  await page.getByRole('textbox', { name: '電話號碼' }).fill(demoParent.phone);
  await page.locator('input[autocomplete="current-password"]').fill(demoParent.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/post-case$/);
  await expect(page.getByRole('heading', { name: '新增補習個案' })).toBeVisible();
});
