import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { smsCodeFor } from './sms';

/** A Hong Kong mobile number no seeded account has (demo accounts use 5xxxxxxx and 6xxxxxxx). */
export function freshPhone(): string {
  return `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export interface NewAccount {
  name: string;
  phone: string;
  email: string;
  password: string;
}

export function newAccount(name: string): NewAccount {
  const phone = freshPhone();
  return { name, phone, email: `user${phone}@example.com`, password: 'abcd1234' };
}

/**
 * Registers an individual through the API (SMS code read from the outbox), for journeys that
 * need their own account rather than a shared demo one; as a page in `language` does (the
 * account then reads that language).
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: NewAccount,
  language: 'zh-HK' | 'en' = 'zh-HK',
): Promise<void> {
  const headers = { 'Accept-Language': language };
  expect((await request.post('/sms/send-code', { headers, data: { phoneNumber: account.phone } })).status()).toBe(200);
  const code = await smsCodeFor(account.phone);
  const verified = await request.post('/sms/verify-code', { headers, data: { phone: account.phone, code } });
  expect(verified.status()).toBe(200);
  // The grant belongs to whoever holds the token verify-code answered.
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const registered = await request.post('/users/register', {
    headers,
    multipart: {
      name: account.name,
      email: account.email,
      phone: account.phone,
      verificationToken,
      password: account.password,
      birthdate: '1990-05-20',
      role: 'user',
      userType: 'individual',
    },
  });
  expect(registered.status()).toBe(201);
}

/** Register tab, step 1: the phone, the SMS code from the outbox, verify. */
export async function verifyPhoneThroughUi(page: Page, phone: string): Promise<void> {
  await page.getByRole('textbox', { name: '電話號碼' }).fill(phone);
  await expect(page.getByText('此電話號碼可以使用')).toBeVisible();
  await page.getByRole('button', { name: '發送驗證碼' }).click();
  await expect(page.getByRole('button', { name: /秒後可重新發送/ })).toBeDisabled();
  await page.getByRole('textbox', { name: '驗證碼' }).fill(await smsCodeFor(phone));
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page.getByText('電話號碼已驗證！請繼續填寫你的資料。')).toBeVisible();
}

/** Register tab, step 2: everything but the account type and documents. */
export async function fillDetailsThroughUi(page: Page, account: NewAccount): Promise<void> {
  await page.getByRole('textbox', { name: '名稱' }).fill(account.name);
  await page.getByRole('textbox', { name: '電郵' }).fill(account.email);
  const passwords = page.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill(account.password);
  await passwords.nth(1).fill(account.password);
  await page.getByRole('combobox', { name: '年' }).selectOption('1995');
  await page.getByRole('combobox', { name: '月' }).selectOption('04');
  await page.getByRole('combobox', { name: '日' }).selectOption('18');
}
