import { expect, test } from './support/test';

test('home shows the headline, the case search and the latest cases', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('連繫家長、學生與導師的最佳平台');
  await expect(page.getByRole('tab', { name: '招學生' })).toBeVisible();

  const latest = page.getByRole('list', { name: '最新補習個案' }).getByTestId('case-card');
  await expect(latest.first()).toBeVisible();
  expect(await latest.count()).toBeGreaterThan(0);
  expect(await latest.count()).toBeLessThanOrEqual(6);
  await expect(latest.first().getByRole('link', { name: /登入後申請/ })).toHaveAttribute('href', '/login-or-register');
  await expect(latest.first()).toContainText('HK$');

  await page.getByRole('link', { name: '更多個案' }).click();
  await expect(page).toHaveURL(/\/all-cases$/);
  await expect(page.getByRole('heading', { level: 1, name: '所有補習個案' })).toBeVisible();
});

test('home case search asks the server and shows matching cards', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: '招學生' }).click();
  const minRate = page.getByRole('textbox', { name: '最低每堂學費' });
  await minRate.fill('300');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  const results = page.getByRole('list', { name: '搜尋結果' }).getByTestId('case-card');
  await expect(results.first()).toBeVisible();
  for (const text of await results.locator('dd').filter({ hasText: 'HK$' }).allTextContents()) {
    expect(Number(text.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(300);
  }
});

// The brand theme reaches the page from the stylesheet, where the build writes it
// (theme/plugin.ts): without it, Fluent's colours and the font stack would be left empty.
test('the brand colour and the Chinese font stack come with the app', async ({ page }) => {
  await page.goto('/login-or-register');
  await page.locator('#root[data-first-screen]').waitFor({ state: 'detached' });
  const login = page.getByRole('button', { name: '登入', exact: true });
  await expect(login).toBeVisible();
  expect(await login.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(180, 83, 26)');
  expect(await login.evaluate((button) => getComputedStyle(button).fontFamily)).toContain('Noto Sans HK');
});
