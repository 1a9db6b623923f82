import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { fillDetailsThroughUi, newAccount, registerThroughApi, verifyPhoneThroughUi } from './support/accounts';
import { DEMO_PASSWORD, logInThroughUi, topBar } from './support/session';
import { shownTotal } from './helpers';

/** Spec §9: cases per page on /all-cases. */
const ALL_CASES_PAGE_SIZE = 20;

// Issue 34, points 4 and 5 on a phone: forms that keep what a person did (registering logs in
// and goes on, a booking typed before logging in survives it, a success shows where the person
// looks, a promised redirect happens) and the small things (the pager on one line, a new page
// at its top and Back where one was, a new tutor's record, one's own review).

const dataDir = process.env.E2E_DATA_DIR ?? '';
const bin = process.env.TUTORHUB_BIN ?? '';

/** 黃太, a past parent of the demo history: she reviewed demo tutors weeks ago. */
const pastParent = { name: '黃太', phone: '51000001', password: DEMO_PASSWORD };

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
});

function tutorhub(...args: string[]): string {
  return execFileSync(bin, [...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { ...process.env, LOG_FORMAT: 'text' },
  });
}

/** A real PNG to upload: one of the demo avatars the seed drew. */
function someAvatar(): Buffer {
  const folder = join(dataDir, 'media', 'avatars');
  return readFileSync(join(folder, readdirSync(folder)[0]!));
}

interface ListedTutor {
  id: string;
  userId: number;
}

/** The tutor approved first: a demo tutor, whatever tutors other journeys approve meanwhile. */
async function firstTutor(request: APIRequestContext): Promise<ListedTutor> {
  const { total } = (await (await request.get('/tutors?pageSize=1')).json()) as { total: number };
  const last = (await (await request.get(`/tutors?pageSize=1&page=${total}`)).json()) as { items: ListedTutor[] };
  return last.items[0]!;
}

/** GET an API path as the logged-in user (the app's own token). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` } });
    return (await response.json()) as T;
  }, path);
}

test('registering from a tutor page logs in and goes back to that page, even after a reload on step 2', async ({
  page,
  request,
}) => {
  const account = newAccount('何小欣');
  const tutor = await firstTutor(request);
  await page.goto(`/tutor/${tutor.userId}`);
  const tutorUrl = page.url();
  await page.getByRole('button', { name: '開始預約' }).click();
  await page.getByRole('button', { name: '登入後預約' }).click();
  await expect(page).toHaveURL(/\/login-or-register\?next=%2Ftutor%2F\d+$/);
  await page.getByRole('tab', { name: '註冊' }).click();

  await verifyPhoneThroughUi(page, account.phone);
  // A reload after the SMS step keeps step 2: no second code.
  await page.reload();
  await expect(page.getByText('第 2 步（共 2 步）')).toBeVisible();
  await expect(page.getByText(`已驗證的電話號碼：${account.phone}`)).toBeVisible();
  await fillDetailsThroughUi(page, account);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '註冊', exact: true }).click();

  // Logged in with what was just typed, and back where the visitor was going: no "請登入".
  await expect(page).toHaveURL(tutorUrl);
  await expect(topBar(page).getByRole('button', { name: '帳戶設定' })).toBeVisible();
  await expect(page.getByRole('button', { name: '預約', exact: true })).toBeVisible();
});

test('a booking typed before the login prompt survives it, and its success shows where the person looks', async ({
  page,
  request,
}) => {
  const booker = newAccount('林太');
  await registerThroughApi(request, booker);
  const tutor = await firstTutor(request);
  const time = `星期六 14:00-16:00（${Date.now() % 10000}）`;
  await page.goto(`/tutor/${tutor.userId}`);
  const tutorUrl = page.url();
  const box = page.getByTestId('booking-box');
  // The form loads on the tap that opens it, and its first field takes the focus.
  await box.getByRole('button', { name: '開始預約' }).click();
  await expect(box.getByRole('textbox', { name: '預約時間' })).toBeFocused();
  await box.getByRole('textbox', { name: '預約時間' }).fill(time);
  await box.getByRole('combobox', { name: '上堂地點' }).selectOption('online');
  await box.getByRole('textbox', { name: '留言（選填）' }).fill('中三學生，想加強英文寫作');
  await box.getByRole('button', { name: '登入後預約' }).click();

  await page.getByRole('textbox', { name: '電話號碼' }).fill(booker.phone);
  await page.locator('input[autocomplete="current-password"]').fill(booker.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(tutorUrl);

  // What was typed is there again.
  await expect(box.getByRole('textbox', { name: '預約時間' })).toHaveValue(time);
  await expect(box.getByRole('combobox', { name: '上堂地點' })).toHaveValue('online');
  await expect(box.getByRole('textbox', { name: '留言（選填）' })).toHaveValue('中三學生，想加強英文寫作');

  const book = box.getByRole('button', { name: '預約', exact: true });
  await book.scrollIntoViewIfNeeded();
  await book.click();
  const success = box.getByRole('status').filter({ hasText: '預約已提交！' });
  await expect(success).toBeInViewport();
  await expect(success).toBeFocused();
  await expect(box.getByRole('row').filter({ hasText: time })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Booked: the form starts empty again, even after a reload.
  await page.reload();
  await expect(box.getByRole('textbox', { name: '預約時間' })).toHaveValue('');
});

test('a new tutor: the application goes home after the 2 s it promises, and once approved the profile says 新導師, not 接受 0 次預約', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const applicant = newAccount('梁子晴');
  await registerThroughApi(request, applicant);
  await logInThroughUi(page, applicant);
  await page.goto('/tutor-application');

  const form = page.getByRole('form', { name: '申請成為導師' });
  await form.getByRole('textbox', { name: '學歷' }).fill('香港中文大學 英文系');
  await form.getByRole('textbox', { name: '年齡' }).fill('22');
  await form.getByRole('textbox', { name: '教學經驗（年）' }).fill('1');
  await form.getByRole('textbox', { name: '每堂學費（HK$）' }).fill('400');
  const subjects = form.getByRole('group', { name: '任教科目' });
  await subjects.getByRole('button', { name: '中學', exact: true }).click();
  await subjects.getByRole('button', { name: '英文', exact: true }).click();
  await form.getByRole('group', { name: '教學模式' }).getByRole('button', { name: '上門補習' }).click();
  await form.getByRole('combobox', { name: '主要教學地點' }).selectOption('沙田');
  await form.getByRole('textbox', { name: '可上堂時間' }).fill('星期日上午');
  await form.getByRole('textbox', { name: '考試成績' }).fill('DSE 英文 5*');
  await form.getByRole('textbox', { name: '課程特色' }).fill('重視寫作練習');
  await form.getByRole('textbox', { name: '自我介紹' }).fill('喜歡教英文');
  await form.getByLabel('頭像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: someAvatar() });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: '提交申請' }).click();

  const success = page.getByRole('status').filter({ hasText: '申請成功' });
  await expect(success).toBeInViewport();
  await expect(success.getByRole('link', { name: '立即返回主頁' })).toBeVisible();
  // The message says 2 秒後返回主頁, and so it does.
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  const pending = JSON.parse(tutorhub('applications', 'list', '--status', 'pending', '--json')) as {
    id: number;
    contactNumber: string;
  }[];
  const mine = pending.find((a) => a.contactNumber === `+852${applicant.phone}`);
  expect(mine).toBeDefined();
  tutorhub('applications', 'approve', String(mine!.id), '--yes');

  const { userId } = await apiGet<{ userId: number }>(page, '/self-users/me');
  await page.goto(`/tutor/${userId}`);
  const record = page.getByLabel('在 tutorhub 的紀錄');
  await expect(record).toContainText('新導師');
  await expect(record).not.toContainText('0 次預約');
  await expect(record).not.toContainText('0 個個案');
  // "Per lesson" said once: the label 學費, the value 每堂 HK$400.
  await expect(page.getByText('每堂學費', { exact: true })).toHaveCount(0);
  await expect(page.getByText('學費', { exact: true })).toBeVisible();
});

test('the pager stays on one line at 375 px', async ({ page }) => {
  await page.goto('/all-cases');
  await expect(page.getByTestId('case-card').first()).toBeVisible();
  const pages = Math.ceil((await shownTotal(page)) / ALL_CASES_PAGE_SIZE);
  test.skip(pages < 2, 'the demo data has a single page');
  // The widest pager: a page in the middle, with gaps on both sides.
  for (const at of [1, Math.min(pages, 4)]) {
    await page.goto(`/all-cases?page=${at}`);
    const pager = page.getByRole('navigation', { name: '分頁' });
    await expect(pager.getByRole('button', { name: `第 ${at} 頁` })).toHaveAttribute('aria-current', 'page');
    const next = await pager.getByRole('button', { name: '下一頁' }).boundingBox();
    const first = await pager.getByRole('button', { name: '第 1 頁' }).boundingBox();
    expect(next, 'the next-page button is drawn').not.toBeNull();
    expect(Math.round(next!.y), `page ${at}: ">" on the line of the page numbers`).toBe(Math.round(first!.y));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no horizontal scrolling').toBeLessThanOrEqual(375);
  }
  await expectNoSeriousA11yViolations(page);
});

test('a page opened from a scrolled page starts at its top, and Back returns to where one was', async ({ page }) => {
  await page.goto('/all-cases');
  const cards = page.getByRole('list', { name: '補習個案' }).getByTestId('case-card');
  await expect(cards.first()).toBeVisible();
  const far = cards.nth(Math.min(5, (await cards.count()) - 1));
  const link = far.locator('a[href^="/case/"]').first();
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, 'the list was scrolled down').toBeGreaterThan(300);

  await link.click();
  await expect(page).toHaveURL(/\/case\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/all-cases$/);
  await expect(cards.first()).toBeVisible();
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
});

test("one's own review has no report button; the others' do", async ({ page }) => {
  await logInThroughUi(page, pastParent);
  // Which tutor she reviewed, and her review: the server says so for each tutor.
  const found = await page.evaluate(async () => {
    const get = async (path: string) =>
      (await fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` } })).json();
    const tutors = (await get('/tutors?pageSize=50')) as { items: { id: string; userId: number }[] };
    for (const tutor of tutors.items) {
      const eligibility = (await get(`/tutors/${tutor.id}/review-eligibility`)) as {
        status: string;
        reviewId?: number;
      };
      if (eligibility.status === 'already-reviewed') return { userId: tutor.userId, reviewId: eligibility.reviewId };
    }
    return undefined;
  });
  expect(found?.reviewId, 'the demo history has her review a tutor').toBeDefined();
  await page.goto(`/tutor/${found!.userId}`);
  const reviews = page.getByTestId('tutor-reviews').getByTestId('review');
  const hers = page.locator(`[data-testid="review"][data-review-id="${found!.reviewId}"]`);
  await expect(hers).toBeVisible();
  await expect(hers.getByRole('button', { name: /舉報/ })).toHaveCount(0);
  // Every other review on the page offers it.
  const shown = await reviews.count();
  expect(shown, 'the tutor has reviews by others too').toBeGreaterThan(1);
  await expect(page.getByTestId('tutor-reviews').getByRole('button', { name: /^舉報/ })).toHaveCount(shown - 1);
  await expectNoSeriousA11yViolations(page);
});
