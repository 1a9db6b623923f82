import { expect, test, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';

// Issue 34, point 1: search that answers on a phone.

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
});

async function total(page: Page, path: string): Promise<number> {
  return ((await (await page.request.get(path)).json()) as { total: number }).total;
}

test('a search on home brings its results and their count into view', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: '教育程度' }).selectOption('secondary');
  await page.getByRole('combobox', { name: '科目' }).selectOption('數學');
  const expected = await total(page, `/tutors?level=secondary&subjects=${encodeURIComponent('數學')}`);
  expect(expected).toBeGreaterThan(0);
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  const heading = page.getByRole('heading', { name: '導師搜尋結果' });
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  // Not under the sticky top bar.
  await expect
    .poll(async () => (await heading.boundingBox())!.y)
    .toBeGreaterThanOrEqual((await page.locator('header').first().boundingBox())!.height);
  await expect(page.getByText(`共找到 ${expected} 位導師`)).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
});

test('a search finding nothing offers the one filter to drop, with what it finds, in one tap', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: '關鍵字' }).fill('中學 數學');
  await page.getByRole('textbox', { name: '最高每堂學費' }).fill('1');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page.getByText('沒有找到符合條件的導師')).toBeVisible();

  const withoutMax = await total(page, `/tutors?q=${encodeURIComponent('中學 數學')}`);
  expect(withoutMax).toBeGreaterThan(0);
  const widen = page.getByRole('button', { name: `取消「最高每堂學費」・共找到 ${withoutMax} 位導師` });
  await expect(widen).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await widen.click();
  await expect(page.getByText(`共找到 ${withoutMax} 位導師`)).toBeInViewport();
  await expect(page.getByRole('textbox', { name: '最高每堂學費' })).toHaveValue('');
  await expect(page).not.toHaveURL(/maxRate/);
});

test('a public-exam subject typed finds only tutors who teach it at that level', async ({ page }) => {
  const found = (await (await page.request.get(`/tutors?q=${encodeURIComponent('DSE 化學')}&pageSize=100`)).json()) as {
    total: number;
    items: { subjects: string[] }[];
  };
  expect(found.total).toBeGreaterThan(0);
  for (const tutor of found.items) expect(tutor.subjects).toContain('中學 化學');

  await page.goto('/');
  await page.getByRole('searchbox', { name: '關鍵字' }).fill('DSE 化學');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page.getByText(`共找到 ${found.total} 位導師`)).toBeInViewport();
  const cards = page.getByRole('list', { name: '導師搜尋結果' }).getByTestId('tutor-card');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText('化學');
});

test('the case board sorts by fee, keeps a maximum fee, and both survive a reload', async ({ page }) => {
  await page.goto('/all-cases');
  await page.getByRole('button', { name: /篩選條件/ }).click();
  await page.getByRole('textbox', { name: '最高每堂學費' }).fill('400');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page).toHaveURL(/maxRate=400/);
  await page.getByRole('combobox', { name: '排序' }).selectOption('feeHigh');
  await expect(page).toHaveURL(/sort=feeHigh/);

  const expected = (await (await page.request.get('/cases?maxRate=400&sort=feeHigh&pageSize=20')).json()) as {
    items: { caseId: number; rate: number }[];
  };
  const rates = expected.items.map((item) => item.rate);
  expect(rates).toEqual([...rates].sort((a, b) => b - a));
  expect(Math.max(...rates)).toBeLessThanOrEqual(400);
  const firstLink = () => page.getByTestId('case-card').first().getByRole('link').first();
  await expect(firstLink()).toHaveAttribute('href', `/case/${expected.items[0]!.caseId}`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: '排序' })).toHaveValue('feeHigh');
  await expect(firstLink()).toHaveAttribute('href', `/case/${expected.items[0]!.caseId}`);
});
