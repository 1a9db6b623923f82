import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { backOffice, smsTo } from './support/matching';
import { DEMO_PASSWORD, demoParent, logInThroughUi, logOutThroughUi } from './support/session';

// 陳太 matched demo tutor 2 ten days ago (the demo history, with two lessons of 60 minutes
// confirmed a week ago): this journey adds two more, on a phone.
const tutor = { name: 'demo tutor 2', phone: '50000002', password: DEMO_PASSWORD };

/** The Hong Kong date `daysAgo` days back, as the date selects take it. */
function hongKongDate(daysAgo: number): { year: string; month: string; day: string } {
  const at = new Date(Date.now() + 8 * 3600 * 1000 - daysAgo * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { year: String(at.getUTCFullYear()), month: pad(at.getUTCMonth() + 1), day: pad(at.getUTCDate()) };
}

async function recordLesson(page: Page, daysAgo: number, minutes: string) {
  const form = page.getByRole('group', { name: '上堂日期' });
  const { year, month, day } = hongKongDate(daysAgo);
  await form.getByRole('combobox', { name: '年' }).selectOption(year);
  await form.getByRole('combobox', { name: '月' }).selectOption(month);
  await form.getByRole('combobox', { name: '日' }).selectOption(day);
  await page.getByRole('combobox', { name: '開始時間' }).selectOption('19:00');
  await page.getByRole('spinbutton', { name: '時長（分鐘）' }).fill(minutes);
  await page.getByRole('button', { name: '記錄這一堂' }).click();
  await expect(page.getByText('已記錄，學生／家長會收到通知確認。')).toBeVisible();
}

test('the tutor records lessons on a phone; the parent confirms one and disputes another; the back office settles the dispute', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });

  // The tutor opens the match's lesson record from /my-applications and records two lessons.
  await logInThroughUi(page, tutor);
  await page.goto('/my-applications');
  const matched = page.getByTestId('my-application').filter({ hasText: '已獲選' }).first();
  await matched.getByRole('link', { name: '課堂紀錄' }).click();
  await expect(page.getByRole('heading', { name: '課堂紀錄' })).toBeVisible();
  await recordLesson(page, 1, '90');
  await recordLesson(page, 3, '60');
  await expect(page.getByTestId('lesson')).toHaveCount(4);
  await expect(
    page
      .getByTestId('lesson')
      .first()
      .getByText(/等待學生／家長於 .+ 前確認/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const arrangement = new URL(page.url()).pathname;
  await logOutThroughUi(page);

  // The parent follows the SMS link: confirms the latest lesson, disputes the other.
  const link = smsTo(demoParent.phone).find((body) => body.includes(arrangement));
  expect(link, 'the parent was texted the record’s link').toBeDefined();
  await logInThroughUi(page, demoParent);
  await page.goto(arrangement);
  await expect(page.getByTestId('lesson')).toHaveCount(4);
  const [latest, earlier] = [page.getByTestId('lesson').nth(0), page.getByTestId('lesson').nth(1)];
  await latest.getByRole('button', { name: '確認上堂' }).click();
  await expect(latest.getByText('已確認', { exact: true })).toBeVisible();
  await expect(page.getByText('已確認 3 堂，共 210 分鐘')).toBeVisible();
  await earlier.getByRole('button', { name: '提出異議' }).click();
  await earlier.getByRole('textbox', { name: '異議原因' }).fill('當日學生生病，沒有上堂');
  await earlier.getByRole('button', { name: '提交異議' }).click();
  await expect(earlier.getByText('有異議')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The back office lists the dispute and settles it with the CLI; both sides read the outcome.
  const disputes = JSON.parse(backOffice('lessons', 'disputes', '--json')) as {
    lessonNumber: number;
    reason: string;
  }[];
  const dispute = disputes.find((d) => d.reason === '當日學生生病，沒有上堂');
  expect(dispute).toBeDefined();
  expect(
    backOffice(
      'lessons',
      'resolve',
      String(dispute!.lessonNumber),
      '--not-held',
      '--reason',
      '導師確認當日未有上堂',
      '--yes',
    ),
  ).toContain('is now not-held');
  await page.reload();
  await expect(page.getByText('未有上堂', { exact: true })).toBeVisible();
  await expect(page.getByText('客服處理：導師確認當日未有上堂')).toBeVisible();
  await expect(page.getByText('已確認 3 堂，共 210 分鐘')).toBeVisible();
});
