import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';

test('find tutors: filter on the server, open a profile, unknown ids show not found', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: '搵導師' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: '搵導師' });
  await form.getByRole('combobox', { name: '教育程度' }).selectOption({ label: '中學' });
  await form.getByRole('textbox', { name: '最低每堂學費' }).fill('300');
  await form.getByRole('button', { name: '搜尋', exact: true }).click();

  const cards = page.getByRole('list', { name: '導師搜尋結果' }).getByTestId('tutor-card');
  await expect(cards.first()).toBeVisible();
  for (const rate of await cards.locator('dd').filter({ hasText: 'HK$' }).allTextContents()) {
    expect(Number(rate.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(300);
  }
  for (const subjects of await cards.locator('dd').nth(0).allTextContents()) {
    expect(subjects).toContain('中學');
  }
  const first = cards.first();
  const name = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await first.getByRole('link', { name: /查看/ }).click();
  await expect(page).toHaveURL(/\/tutor\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const label of [
    '教學經驗',
    '學歷',
    '任教科目',
    '教授程度',
    '可上堂時間',
    '地點',
    '教學模式',
    '學費',
    '考試成績',
    '課程特色',
    '自我介紹',
  ]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^已審核導師・\d{4}年\d{1,2}月批核$/)).toBeVisible();
  // What the tutor has done here (or 新導師), counted, and since when.
  await expect(page.getByLabel('在 tutorhub 的紀錄')).toContainText(/(成功配對|新導師).*加入/);
  await expectNoSeriousA11yViolations(page);
  // A Latin name is spaced from the Chinese around it ("Ivan 的頭像"), a Chinese one is not.
  await expect(page.getByRole('img', { name: new RegExp(`^${escapeRegExp(name)} ?的頭像$`) })).toBeVisible();

  await page.goto('/tutor/9999999');
  await expect(page.getByText('找不到此用戶')).toBeVisible();
});

test('switching search tabs clears the tutor filters and results', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: '搵導師' });
  await form.getByRole('combobox', { name: '區域' }).selectOption('九龍');
  await form.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page.getByRole('list', { name: '導師搜尋結果' }).getByTestId('tutor-card').first()).toBeVisible();
  await page.getByRole('tab', { name: '招學生' }).click();
  await page.getByRole('tab', { name: '搵導師' }).click();
  await expect(page.getByRole('form', { name: '搵導師' }).getByRole('combobox', { name: '區域' })).toHaveValue('');
  await expect(page.getByRole('list', { name: '導師搜尋結果' })).toHaveCount(0);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
