import { expect, test } from './support/test';
import { shownTotal, waitForTable } from './helpers';

/** The server's own total for these words, so no test hard-codes what the demo holds. */
async function totalFor(request: import('@playwright/test').APIRequestContext, path: string): Promise<number> {
  const body = (await (await request.get(path)).json()) as { total: number };
  return body.total;
}

test('words on /all-cases narrow the table, are marked, and survive a reload', async ({ page, request }) => {
  await page.goto('/all-cases');
  await waitForTable(page);
  const everything = await shownTotal(page);
  const expected = await totalFor(request, `/cases?q=${encodeURIComponent('數學 考評局')}`);
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(everything);

  await page.getByRole('searchbox', { name: '關鍵字' }).fill('數學 考評局');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page).toHaveURL(/q=/);
  await expect.poll(() => shownTotal(page)).toBe(expected);

  // 數學 is marked in each subject; 考評局 is in the descriptions, which the table leaves out.
  await expect(page.getByTestId('case-row').first().locator('mark', { hasText: '數學' }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('searchbox', { name: '關鍵字' })).toHaveValue('數學 考評局');
  await expect.poll(() => shownTotal(page)).toBe(expected);
  await page.getByRole('button', { name: '清除篩選' }).click();
  await expect.poll(() => shownTotal(page)).toBe(everything);
});

test('words on home find tutors and cases, marked, and a reload searches again', async ({ page, request }) => {
  const tutors = (await (await request.get('/tutors?pageSize=1')).json()) as { items: { name: string }[] };
  const name = tutors.items[0]!.name;

  await page.goto('/');
  await page.getByRole('searchbox', { name: '關鍵字' }).fill(name);
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  const cards = page.getByRole('list', { name: '搜尋結果' }).getByTestId('tutor-card');
  await expect(cards.first()).toBeVisible();
  // The name is marked where it was found (a name of several words, word by word).
  const firstMark = cards.first().locator('h3 mark').first();
  await expect(firstMark).toBeVisible();
  expect(name.toLowerCase()).toContain(((await firstMark.textContent()) ?? '').toLowerCase());
  await expect(page).toHaveURL(/\?q=/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: '關鍵字' })).toHaveValue(name);
  await expect(cards.first().locator('h3 mark').first()).toBeVisible();

  // The second tab starts afresh, and keeps its own words in the URL.
  await page.getByRole('tab', { name: '招學生' }).click();
  await expect(page.getByRole('searchbox', { name: '關鍵字' })).toHaveValue('');
  const expected = await totalFor(request, `/cases?q=${encodeURIComponent('數學 考評局')}`);
  await page.getByRole('searchbox', { name: '關鍵字' }).fill('數學 考評局');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  const results = page.getByRole('list', { name: '搜尋結果' }).getByTestId('case-card');
  await expect(results.first()).toBeVisible();
  await expect(page.getByText(`共找到 ${expected} 個補習個案`)).toBeVisible();
  await expect(results.first().locator('mark', { hasText: '數學' }).first()).toBeVisible();
  await expect(page).toHaveURL(/tab=cases&q=/);
  await page.reload();
  await expect(page.getByRole('tab', { name: '招學生', selected: true })).toBeVisible();
  await expect(results.first()).toBeVisible();
});

test("home's filters, words and page survive a reload and come back with the back button", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: '區域' }).selectOption('九龍');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  const cards = page.getByRole('list', { name: '搜尋結果' }).getByTestId('tutor-card');
  await expect(cards.first()).toBeVisible();
  await expect(page).toHaveURL(/region=/);

  await page.reload();
  await expect(page.getByRole('combobox', { name: '區域' })).toHaveValue('九龍');
  await expect(cards.first()).toBeVisible();

  // Another search, then back: the first search again, form and results alike.
  await page.getByRole('combobox', { name: '區域' }).selectOption('新界');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page).toHaveURL(/region=%E6%96%B0%E7%95%8C/);
  await page.goBack();
  await expect(page.getByRole('combobox', { name: '區域' })).toHaveValue('九龍');
  await expect(cards.first()).toBeVisible();
});
