import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { aCaseTheTutorTeaches, backOffice, useTutorMode } from './support/matching';
import { DEMO_PASSWORD, logInThroughUi, logOutThroughUi, topBar } from './support/session';
import { expectTapTargetsOf44px } from './support/tap-targets';

// The demo history (crates/cli/src/demo_history.rs): 黃太, a past parent, matched demo tutor 21
// three days ago, and the tutor recorded the first lesson yesterday; no invoice until she
// confirms it. Demo tutor 20 never paid an invoice now more than 10 days overdue.
const parent = { name: '黃太', phone: '51000001', password: DEMO_PASSWORD };
const tutor = { name: 'demo tutor 21', phone: '50000021', password: DEMO_PASSWORD };
const overdueTutor = { name: 'demo tutor 20', phone: '50000020', password: DEMO_PASSWORD };

const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4)}`;

/** Whole cents as an invoice writes them: "HK$1,234.50". */
function hkd(cents: number): string {
  const dollars = Math.floor(cents / 100).toLocaleString('en-US');
  return `HK$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** Today in Hong Kong, as a bank statement dates its lines (YYYY-MM-DD). */
function hongKongToday(): string {
  return new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A 1×1 PNG: a screenshot, as far as the server's content check goes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** GET an API path as the logged-in user (the app's own token). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` } });
    return (await response.json()) as T;
  }, path);
}

async function noHorizontalScrolling(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no horizontal scrolling').toBeLessThanOrEqual(375);
}

test('on a phone: the parent confirms the first lesson, the tutor is invoiced, pays by FPS with a proof, the back office imports the bank statement and the tutor gets a receipt', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });

  // 黃太 confirms the lesson the tutor recorded: the match's first confirmed lesson.
  await logInThroughUi(page, parent);
  await page.goto('/my-cases');
  const matched = page.getByTestId('applicant').filter({ hasText: spaced(tutor.phone) });
  await matched.getByRole('link', { name: '課堂紀錄' }).click();
  await expect(page.getByRole('heading', { name: '課堂紀錄' })).toBeVisible();
  const lesson = page.getByTestId('lesson').first();
  await lesson.getByRole('button', { name: '確認上堂' }).click();
  await expect(lesson.getByText('已確認', { exact: true })).toBeVisible();
  await logOutThroughUi(page);

  // The tutor finds the invoice from the account menu.
  await logInThroughUi(page, tutor);
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await page.getByRole('menuitem', { name: '我的發票' }).click();
  await expect(page).toHaveURL(/\/my-invoices$/);
  const invoices = page.getByTestId('invoice');
  await expect(invoices).toHaveCount(1);
  await expect(invoices.getByText('待繳付')).toBeVisible();
  await expect(page.getByTestId('due-today')).toContainText('HK$');
  await expectNoSeriousA11yViolations(page);
  await expectTapTargetsOf44px(page);
  await invoices.getByRole('link', { name: /^INV-\d{4}-\d{6}$/ }).click();

  // Its page: the number, the fee line at the case's fee (once a week: × 1 × 4 ÷ 2), FPS.
  const summary = page.getByTestId('invoice-summary');
  const number = ((await summary.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
  expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
  await expect(page).toHaveURL(new RegExp(`/my-invoices/${number}$`));
  const caseId = Number(await summary.getByLabel('發票資料').locator('dd').nth(1).textContent());
  const { rate } = await apiGet<{ rate: number }>(page, `/cases/${caseId}`);
  const fee = (Math.round(rate * 100) * 1 * 4) / 2;
  await expect(page.getByTestId('invoice-line').filter({ hasText: '服務費' })).toContainText(hkd(fee));
  await expect(page.getByTestId('fee-computed')).toContainText('× 每週 1 堂 × 4 星期 ÷ 2');
  const qr = page.getByRole('img', { name: new RegExp(`^轉數快二維碼：繳付發票 ${number}`) });
  await expect(qr).toBeVisible();
  // The server's SVG loads as an image (and the page's policy lets a data: image through).
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const payload = page.getByRole('textbox', { name: '轉數快付款碼' });
  await expect(payload).toHaveValue(/^000201/);
  // The code pays this invoice's amount: EMV field 54 (dollars) and 62/01 (the bill number).
  const emv = await payload.inputValue();
  const field = (from: string, id: string): string | undefined => {
    for (let at = 0; at + 4 <= from.length;) {
      const length = Number(from.slice(at + 2, at + 4));
      if (from.slice(at, at + 2) === id) return from.slice(at + 4, at + 4 + length);
      at += 4 + length;
    }
    return undefined;
  };
  expect(Math.round(Number(field(emv, '54')) * 100)).toBe(fee);
  expect(field(field(emv, '62') ?? '', '01')).toBe(number);
  await expect(page.getByTestId('fps-amount')).toHaveText(hkd(fee));
  await expectNoSeriousA11yViolations(page);
  await expectTapTargetsOf44px(page);
  await noHorizontalScrolling(page);

  // A proof of payment: a screenshot and the FPS reference; it is listed.
  const form = page.getByTestId('proof-form');
  const file = form.locator('input[type="file"]');
  const reference = `FPS${Date.now() % 100_000_000}`;
  await file.setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('textbox', { name: /轉數快參考編號/ }).fill(reference);
  await form.getByRole('button', { name: '上載證明' }).click();
  await expect(form.getByText('已上載付款證明。客服核對後會更新這張發票。')).toBeVisible();
  await expect(page.getByTestId('proof').filter({ hasText: `參考編號 ${reference}` })).toBeVisible();

  // A text file is no proof: refused at once, and by the server when it claims to be an image.
  const refused = '付款證明只接受 JPEG、PNG 或 WebP 圖片（例如轉賬紀錄的截圖）';
  await file.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('paid, honest') });
  await expect(form.getByText(refused)).toBeVisible();
  await file.setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('paid, honest') });
  await form.getByRole('textbox', { name: /轉數快參考編號/ }).fill(`${reference}X`);
  const answered = page.waitForResponse((r) => r.url().endsWith('/proofs') && r.request().method() === 'POST');
  await form.getByRole('button', { name: '上載證明' }).click();
  expect((await answered).status()).toBe(400);
  await expect(form.getByText(refused)).toBeVisible();
  await expect(page.getByTestId('proof')).toHaveCount(1);

  // The back office imports the bank statement: the line names the invoice and pays the balance.
  const balance = /HK\$([\d,]+\.\d{2})/.exec((await page.getByTestId('balance').textContent()) ?? '')?.[1];
  expect(balance, 'the balance owed today').toBeDefined();
  const amount = balance!.replace(/,/g, '');
  const statement = join(mkdtempSync(join(tmpdir(), 'tutorhub-statement-')), 'statement.csv');
  writeFileSync(
    statement,
    `date,amount,description\n${hongKongToday()},${amount},"FPS CR DEMO TUTOR ${number} REF ${reference}"\n`,
  );
  expect(backOffice('payments', 'import', statement)).toMatch(/^1 recorded, 0 already recorded before$/m);
  // The same statement again records nothing twice.
  expect(backOffice('payments', 'import', statement)).toMatch(/^0 recorded, 1 already recorded before$/m);

  await page.reload();
  await expect(summary.getByText('已繳清', { exact: true })).toBeVisible();
  await expect(page.getByTestId('fps')).toHaveCount(0);
  await summary.getByRole('link', { name: '查看收據' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-invoices/${number}/receipt$`));
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { level: 1, name: '收據' })).toBeVisible();
  await expect(receipt.getByText(/^RCT-\d{4}-\d{6}$/)).toBeVisible();
  await expect(receipt.getByText(number, { exact: true })).toBeVisible();
  await expect(receipt.getByTestId('total-paid')).toHaveText(`HK$${balance}`);
  await expect(page.getByRole('button', { name: '列印收據' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectTapTargetsOf44px(page);
  await noHorizontalScrolling(page);

  // On paper: the receipt alone, without the app's top bar, footer or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(topBar(page)).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: '列印收據' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});

test('on a phone, a tutor with an invoice more than 10 days overdue sees the fee on a case but cannot apply, and is shown where to pay', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, overdueTutor);
  await useTutorMode(page);
  // An open case the tutor teaches: only the overdue invoice stands in the way.
  await page.goto(`/case/${await aCaseTheTutorTeaches(page)}`);

  // The fee is stated before applying, with the terms a tap away.
  const fee = page.getByTestId('service-fee');
  await expect(fee.getByText(/^服務費 HK\$[\d,.]+$/)).toBeVisible();
  await expect(fee.getByRole('link', { name: '服務費條款' })).toHaveAttribute('href', '/terms#fees');

  const times = page.getByRole('textbox', { name: '可上堂時間' });
  if ((await times.inputValue()) === '') await times.fill('星期六 下午');
  await page.getByRole('button', { name: '申請', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/你的服務費發票 INV-\d{4}-\d{6} 逾期未繳，繳清前不能申請個案/);
  await expect(page.getByRole('button', { name: '已申請' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // The link goes to the invoice the message names: its penalty, and the way to pay it.
  await page.getByRole('link', { name: '前往「我的發票」繳付服務費' }).click();
  await expect(page).toHaveURL(/\/my-invoices\/INV-\d{4}-\d{6}$/);
  const summary = page.getByTestId('invoice-summary');
  const late = /已逾期 (\d+) 日/.exec((await summary.textContent()) ?? '');
  expect(Number(late?.[1])).toBeGreaterThan(10);
  await expect(page.getByTestId('statement').getByText('逾期罰款')).toBeVisible();
  await expect(page.getByRole('img', { name: /轉數快/ })).toBeVisible();
});
