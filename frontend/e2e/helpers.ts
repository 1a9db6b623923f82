import { expect, type Locator, type Page } from '@playwright/test';

/** "HK$1,200" -> 1200. */
export function parseHkd(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

/** "共 123 個補習個案" -> 123. */
export async function shownTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('cases-total').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

export async function caseNumbers(rows: Locator): Promise<string[]> {
  return rows.locator('td:first-child').allTextContents();
}

export async function waitForTable(page: Page): Promise<Locator> {
  const rows = page.getByTestId('case-row');
  await expect(rows.first()).toBeVisible();
  return rows;
}
