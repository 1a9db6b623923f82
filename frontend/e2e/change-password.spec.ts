import { expect, type Page, test } from './support/test';
import { demoOrganization, logInThroughUi, logOutThroughUi, topBar } from './support/session';

async function changePassword(page: Page, from: string, to: string) {
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await page.getByRole('menuitem', { name: '更改密碼' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.locator('input[autocomplete="current-password"]').fill(from);
  await page.locator('input[autocomplete="new-password"]').nth(0).fill(to);
  await page.locator('input[autocomplete="new-password"]').nth(1).fill(to);
  await page.getByRole('button', { name: '更改密碼' }).click();
  await expect(page.getByRole('status')).toContainText('密碼已更新');
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
}

test('change password from the account menu, then log in with the new one', async ({ page }) => {
  await logInThroughUi(page, demoOrganization);
  await changePassword(page, demoOrganization.password, 'newpass99');
  await logOutThroughUi(page);
  await logInThroughUi(page, { ...demoOrganization, password: 'newpass99' });
  // Put the demo password back for the other specs.
  await changePassword(page, 'newpass99', demoOrganization.password);
});
