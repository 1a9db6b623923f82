import { expect, test } from './support/test';
import { DEMO_PASSWORD, type DemoAccount, logInThroughUi, logOutThroughUi, topBar } from './support/session';
import { smsCodeFor } from './support/sms';

/** A seeded demo tutor that no other spec uses: this spec moves its phone for good. */
const account: DemoAccount = { name: 'demo tutor 40', phone: '50000040', password: DEMO_PASSWORD };
const newPhone = '59876540';

test('change the phone on /edit-profile with an SMS code, then log in with the new number', async ({ page }) => {
  test.setTimeout(60_000);
  await logInThroughUi(page, account);
  await page.goto('/edit-profile');
  const form = page.getByRole('form', { name: '編輯個人資料' });
  const phone = form.getByRole('textbox', { name: '電話號碼' });
  await expect(phone).toHaveValue(account.phone);
  await expect(form.getByRole('button', { name: '發送驗證碼' })).toBeHidden();

  await phone.fill(newPhone);
  const sms = form.getByRole('group', { name: '電話驗證' });
  await sms.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(sms.getByRole('button', { name: /秒後可重新發送$/ })).toBeDisabled();
  await expect(sms.getByText(`驗證碼已發送至 ${newPhone}`)).toBeVisible();

  await sms.getByRole('textbox', { name: '驗證碼' }).fill(await smsCodeFor(newPhone));
  await sms.getByRole('button', { name: '驗證' }).click();
  await expect(sms.getByText('電話號碼已驗證')).toBeVisible();
  await form.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('個人資料已更新')).toBeVisible();

  // 2 s later the account is read again: the new number, and no SMS step left.
  await expect(page.getByText('個人資料已更新')).toBeHidden({ timeout: 5_000 });
  await expect(phone).toHaveValue(newPhone);
  await expect(sms).toBeHidden();

  await logOutThroughUi(page);
  await logInThroughUi(page, { ...account, phone: newPhone });
  await expect(topBar(page).getByRole('button', { name: '帳戶設定' })).toBeVisible();
});
