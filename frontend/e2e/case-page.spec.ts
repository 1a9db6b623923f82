import { expect, test } from './support/test';
import { useTutorMode } from './support/matching';
import { DEMO_PASSWORD, logInThroughUi } from './support/session';

// A demo tutor no other journey uses, so its applications are this spec's alone.
const tutor = { name: 'demo tutor 7', phone: '50000007', password: DEMO_PASSWORD };

test('on a phone, a tutor opens a case from the list, reads its page and applies from it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, tutor);
  await useTutorMode(page);
  // The cases picked for the tutor on home: ones they teach, so may apply to.
  await page.goto('/');
  const card = page.getByTestId('recommended-cases').getByTestId('case-card').first();
  const subject = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await card.getByRole('link', { name: subject }).click();

  await expect(page).toHaveURL(/\/case\/\d+$/);
  const caseId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const facts = page.getByLabel('個案資料');
  for (const label of [
    '年級及科目',
    '上堂地點',
    '學費',
    '上堂安排',
    '開始日期',
    '導師性別要求',
    '申請人數',
    '個案狀態',
  ]) {
    await expect(facts.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(facts.getByText(subject)).toBeVisible();
  await expect(page.getByRole('heading', { name: '個案描述' })).toBeVisible();
  await expect(page.getByRole('link', { name: '用 WhatsApp 分享' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(`/case/${caseId}`)}$`),
  );

  const times = page.getByRole('textbox', { name: '可上堂時間' });
  if ((await times.inputValue()) === '') await times.fill('星期六 下午');
  await page.getByRole('button', { name: '申請', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '申請成功' })).toBeVisible();
  await expect(page.getByRole('button', { name: '已申請' })).toBeDisabled();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no horizontal scrolling').toBeLessThanOrEqual(375);
});
