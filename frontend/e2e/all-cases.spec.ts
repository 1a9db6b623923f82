import { expect, test } from './support/test';
import { caseNumbers, parseHkd, shownTotal, waitForTable } from './helpers';

interface CatalogueRegion {
  name: string;
  districts: { name: string; areas: string[] }[];
}

test('choosing a district and a minimum fee narrows the table', async ({ page, request }) => {
  await page.goto('/all-cases');
  const rows = await waitForTable(page);
  const totalBefore = await shownTotal(page);

  // Pick the district and fee of a listed case, so the filtered list cannot be empty.
  const firstLocation = (await rows.first().locator('td').nth(2).textContent()) ?? '';
  const firstRate = parseHkd((await rows.first().locator('td').nth(3).textContent()) ?? '');
  const district = /（(.+)）/.exec(firstLocation)?.[1];
  expect(district, `location "${firstLocation}" names its district`).toBeTruthy();
  const catalogue = (await (await request.get('/catalogue')).json()) as { regions: CatalogueRegion[] };
  const region = catalogue.regions.find((r) => r.districts.some((d) => d.name === district))!;
  const areas = region.districts.find((d) => d.name === district)!.areas;

  await page.getByRole('combobox', { name: '區域' }).selectOption(region.name);
  await page.getByRole('combobox', { name: '地區' }).click();
  // Fluent's multiselect options are menuitemcheckbox elements.
  await page.getByRole('menuitemcheckbox', { name: district! }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: '最低每堂學費' }).fill(String(firstRate));
  await page.getByRole('button', { name: '搜尋', exact: true }).click();

  await expect(page).toHaveURL(/districts=/);
  await expect(page).toHaveURL(new RegExp(`minRate=${firstRate}`));
  await expect.poll(() => shownTotal(page)).not.toBe(totalBefore);
  const totalAfter = await shownTotal(page);
  expect(totalAfter).toBeGreaterThan(0);
  expect(totalAfter).toBeLessThan(totalBefore);

  const filtered = await waitForTable(page);
  const count = await filtered.count();
  expect(count).toBe(Math.min(totalAfter, 20));
  for (let i = 0; i < count; i += 1) {
    const cells = filtered.nth(i).locator('td');
    const location = (await cells.nth(2).textContent()) ?? '';
    const area = location.replace(/（.*）$/, '');
    expect(location.endsWith(`（${district}）`) || areas.includes(area), `${location} is in ${district}`).toBe(true);
    expect(parseHkd((await cells.nth(3).textContent()) ?? '')).toBeGreaterThanOrEqual(firstRate);
  }

  // The filters live in the URL: a reload keeps them.
  await page.reload();
  await waitForTable(page);
  expect(await shownTotal(page)).toBe(totalAfter);
  await expect(page.getByRole('textbox', { name: '最低每堂學費' })).toHaveValue(String(firstRate));
});

test('page 2 shows other cases than page 1', async ({ page }) => {
  await page.goto('/all-cases');
  const rows = await waitForTable(page);
  test.skip((await shownTotal(page)) <= 20, 'the demo data has a single page');
  const first = await caseNumbers(rows);
  expect(first).toHaveLength(20);

  await page.getByRole('navigation', { name: '分頁' }).getByRole('button', { name: '第 2 頁' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: '第 2 頁' })).toHaveAttribute('aria-current', 'page');
  // Page 1 stays on screen (dimmed, the list aria-busy) until page 2 arrives: wait for it.
  const rowsOfPage2 = await waitForTable(page);
  await expect(rowsOfPage2.first().locator('td').first()).not.toHaveText(first[0] ?? '');
  await expect(page.getByRole('region', { name: '補習個案', exact: true })).toHaveAttribute('aria-busy', 'false');
  const second = await caseNumbers(rowsOfPage2);
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((n) => first.includes(n))).toEqual([]);

  await page.goBack();
  await expect(page.getByRole('button', { name: '第 1 頁' })).toHaveAttribute('aria-current', 'page');
});

test('a 375 px wide screen shows cards, not a table', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/all-cases');
  const cards = page.getByRole('list', { name: '補習個案' }).getByTestId('case-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(cards.first().getByRole('link', { name: /登入後申請/ })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no horizontal scrolling').toBeLessThanOrEqual(375);

  // The filters fold away on a phone and open on demand.
  const minRate = page.getByRole('textbox', { name: '最低每堂學費' });
  await expect(minRate).toBeHidden();
  await page.getByRole('button', { name: '篩選條件' }).click();
  await expect(minRate).toBeVisible();
});
