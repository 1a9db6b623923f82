import { expect, test } from './support/test';
import { demoParent, logInThroughUi, logOutThroughUi, topBar } from './support/session';

test('a demo parent logs in, sees the account menu, tries tutor mode and logs out', async ({ page }) => {
  await logInThroughUi(page, demoParent);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(refreshToken).toMatch(/^[0-9a-f]{64}$/);
  await expect(topBar(page).getByRole('link', { name: '刊登補習個案' })).toBeVisible();

  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await expect(page.getByText(`你好，${demoParent.name}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Not a tutor: choosing 導師 leads to the tutor application.
  await topBar(page).getByRole('button', { name: '導師' }).click();
  await expect(page).toHaveURL(/\/tutor-application$/);

  await logOutThroughUi(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')])).toEqual([
    null,
    null,
  ]);
  await expect(topBar(page).getByRole('link', { name: '刊登補習個案' })).toBeHidden();

  // The server revoked the refresh token: it cannot be used again.
  const replay = await page.request.post('/users/refresh-token', { data: { refreshToken } });
  expect(replay.status()).toBe(401);
});

test('a wrong password shows the zh-HK message and keeps the phone', async ({ page }) => {
  await page.goto('/login-or-register');
  await page.getByRole('textbox', { name: '電話號碼' }).fill(demoParent.phone);
  await page.locator('input[autocomplete="current-password"]').fill('wrong1234');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('電話號碼或密碼不正確，請重新輸入');
  await expect(page.getByRole('textbox', { name: '電話號碼' })).toHaveValue(demoParent.phone);
  await expect(page).toHaveURL(/\/login-or-register$/);
});

test('the session survives a reload', async ({ page }) => {
  await logInThroughUi(page);
  await page.reload();
  await expect(topBar(page).getByRole('button', { name: '帳戶設定' })).toBeVisible();
});
