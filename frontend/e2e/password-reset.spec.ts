import { expect, test } from './support/test';
import { newAccount, registerThroughApi } from './support/accounts';
import { resetLinkFor } from './support/mail';
import { topBar } from './support/session';

test('forgot password: the mailed link sets a new password, and only the new one logs in', async ({
  page,
  request,
}) => {
  const account = newAccount('周美玲');
  await registerThroughApi(request, account);

  await page.goto('/login-or-register');
  await page.getByRole('link', { name: '忘記密碼？' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The page loads on demand; until it shows, "電話號碼" is still the login form's field, and a
  // fill there is lost when the page swaps in (this raced once in make test).
  await expect(page.getByRole('heading', { level: 1, name: '忘記密碼' })).toBeVisible();
  await page.getByRole('textbox', { name: '電話號碼' }).fill(account.phone);
  await page.getByRole('button', { name: '發送重設連結' }).click();
  await expect(page.getByRole('status')).toContainText('重設密碼連結已發送到你的電郵');
  await expect(page).toHaveURL(/\/login-or-register$/, { timeout: 6000 });

  const link = await resetLinkFor(account.email);
  await page.goto(link);
  const passwords = page.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill('newpass99');
  await passwords.nth(1).fill('newpass99');
  await page.getByRole('button', { name: '重設密碼' }).click();
  await expect(page.getByRole('status')).toContainText('密碼已重設');
  await expect(page).toHaveURL(/\/login-or-register$/, { timeout: 6000 });

  // The old password no longer works; the new one does.
  await page.getByRole('textbox', { name: '電話號碼' }).fill(account.phone);
  await page.locator('input[autocomplete="current-password"]').fill(account.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.locator('input[autocomplete="current-password"]').fill('newpass99');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(topBar(page).getByRole('button', { name: '帳戶設定' })).toBeVisible();

  // The link was single-use.
  await page.goto(link);
  await passwords.nth(0).fill('another99');
  await passwords.nth(1).fill('another99');
  await page.getByRole('button', { name: '重設密碼' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: '重新申請重設連結' })).toBeVisible();
});

test('a reset link without a token says so and returns to login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('重設連結無效，請重新申請');
  await expect(page).toHaveURL(/\/login-or-register$/, { timeout: 6000 });
});
