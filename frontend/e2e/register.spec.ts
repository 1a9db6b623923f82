import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { fillDetailsThroughUi, newAccount, verifyPhoneThroughUi } from './support/accounts';
import { demoParent, logOutThroughUi, topBar } from './support/session';

/** A small real PDF and PNG: the server checks a document's type by its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function privateFiles(): string[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'private');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

test('register an individual with an SMS code, logged in at once, try tutor mode and log out', async ({ page }) => {
  const account = newAccount('黃小明');
  await page.goto('/');
  await topBar(page).getByRole('link', { name: '登入／註冊' }).click();
  await page.getByRole('tab', { name: '註冊' }).click();

  // A number that has an account is refused 500 ms after typing stops; no code is sent.
  await page.getByRole('textbox', { name: '電話號碼' }).fill(demoParent.phone);
  await expect(page.getByText('此電話號碼已被使用，請勿重複註冊')).toBeVisible();
  await expect(page.getByRole('button', { name: '發送驗證碼' })).toBeDisabled();

  await verifyPhoneThroughUi(page, account.phone);
  await fillDetailsThroughUi(page, account);
  await page.getByRole('button', { name: '註冊', exact: true }).click();

  // Registering logs in with the phone and password just typed: no second form.
  await expect(page).toHaveURL(/\/$/);
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await expect(page.getByText(`你好，${account.name}`)).toBeVisible();
  await page.keyboard.press('Escape');

  await topBar(page).getByRole('button', { name: '導師' }).click();
  await expect(page).toHaveURL(/\/tutor-application$/);
  await logOutThroughUi(page);
});

test('register an organization with its business registration and address proof', async ({ page }) => {
  const account = newAccount('明日教育中心');
  const before = new Set(privateFiles());
  await page.goto('/login-or-register?tab=register');
  await verifyPhoneThroughUi(page, account.phone);
  await fillDetailsThroughUi(page, account);
  await page.getByRole('radio', { name: '機構' }).check();

  // Both documents are required.
  await page.getByRole('button', { name: '註冊', exact: true }).click();
  await expect(page.getByText('機構註冊須上載商業登記證及地址證明。')).toHaveCount(2);

  // A file over 5 MB is refused at once and not kept.
  await page.getByLabel('商業登記證', { exact: true }).setInputFiles({
    name: 'too-big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(5_242_881, 0x20),
  });
  await expect(page.getByText('商業登記證檔案超過大小上限，最大 5MB')).toBeVisible();
  await expect(page.getByText(/too-big\.pdf/)).toHaveCount(0);

  await page
    .getByLabel('商業登記證', { exact: true })
    .setInputFiles({ name: 'br.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page
    .getByLabel('地址證明', { exact: true })
    .setInputFiles({ name: 'address.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(/^br\.pdf（/)).toBeVisible();
  await expect(page.getByText(/^address\.png（/)).toBeVisible();
  await page.getByRole('button', { name: '註冊', exact: true }).click();
  // Logged in at once, home (nowhere else was asked for).
  await expect(page).toHaveURL(/\/$/);
  await expect(topBar(page).getByRole('button', { name: '帳戶設定' })).toBeVisible();

  // The server kept exactly the two documents, privately (never under the served media folder).
  const added = privateFiles().filter((file) => !before.has(file));
  expect(added).toHaveLength(2);
  expect(added.map((file) => readFileSync(file).toString('base64')).sort()).toEqual(
    [PDF.toString('base64'), PNG.toString('base64')].sort(),
  );
});
