import { expect, test } from './support/test';
import { demoOrganization, logInThroughUi, topBar } from './support/session';

test('edit the name; a new phone without verification is not submitted', async ({ page }) => {
  await logInThroughUi(page, demoOrganization);
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await page.getByRole('menuitem', { name: '編輯個人資料' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);

  const form = page.getByRole('form', { name: '編輯個人資料' });
  const name = form.getByRole('textbox', { name: '名稱' });
  const phone = form.getByRole('textbox', { name: '電話號碼' });
  await expect(name).toHaveValue(demoOrganization.name);
  await expect(phone).toHaveValue(demoOrganization.phone);

  await phone.fill('69876543');
  await form.getByRole('button', { name: '儲存' }).click();
  await expect(form.getByText('請先完成電話驗證再提交')).toBeVisible();
  await phone.fill(demoOrganization.phone);

  await name.fill('明德補習社');
  await form.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('個人資料已更新')).toBeVisible();
  await expect(page.getByText('個人資料已更新')).toBeHidden({ timeout: 5_000 });
  await page.reload();
  await expect(page.getByRole('form', { name: '編輯個人資料' }).getByRole('textbox', { name: '名稱' })).toHaveValue(
    '明德補習社',
  );
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await expect(page.getByText('你好，明德補習社')).toBeVisible();
});
