import { expect, test } from './support/test';
import { demoParent, logInThroughUi, topBar } from './support/session';
import { startExtraServer, type ExtraServer } from './support/server';

let server: ExtraServer;

// Access tokens that live 3 s (the default is 15 minutes): a second server over the same data.
test.beforeAll(async () => {
  server = await startExtraServer({ ACCESS_TOKEN_TTL_SECONDS: '3' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('an expired access token is refreshed silently and the request replayed', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-HK' });
  const page = await context.newPage();
  await logInThroughUi(page, demoParent);
  const first = await page.evaluate(() => localStorage.getItem('authToken'));

  await page.waitForTimeout(4000);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/users/refresh-token'));
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await page.getByRole('menuitem', { name: '編輯個人資料' }).click();

  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('textbox', { name: '名稱' })).toHaveValue(demoParent.name);
  await expect(page).toHaveURL(/\/edit-profile$/);
  const second = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  await context.close();
});
