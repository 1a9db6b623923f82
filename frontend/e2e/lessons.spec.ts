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

// The demo history also matched 陳太 with demo tutor 15 five days ago (one lesson held), demo
// tutor 16 the runner-up.
const endedTutor = { phone: '50000015' };
const runnerUp = { phone: '50000016' };
const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4)}`;

test('on a phone, a parent ends a match after its first lesson and opens the case to the other applicant again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoParent);
  await page.goto('/my-cases');
  const matched = page.getByTestId('applicant').filter({ hasText: spaced(endedTutor.phone) });
  await matched.getByRole('link', { name: '課堂紀錄' }).click();
  await expect(page.getByText('已確認 1 堂，共 60 分鐘')).toBeVisible();
  const heading = await page.getByTestId('arrangement').getByRole('heading').textContent();
  const caseNumber = /個案編號 (\d+)/.exec(heading ?? '')?.[1];
  expect(caseNumber, heading ?? '').toBeDefined();

  await page.getByRole('button', { name: '結束補習安排' }).click();
  await page.getByRole('combobox', { name: '結束的原因' }).selectOption({ label: '教學未如理想' });
  await page.getByRole('textbox', { name: /補充說明/ }).fill('講解太快，學生跟不上');
  await page.getByRole('button', { name: '結束補習安排' }).last().click();
  await expect(page.getByText('確定結束？此決定不能撤回。')).toBeVisible();
  await page.getByRole('button', { name: '確定結束' }).click();
  const ended = page.getByTestId('ended');
  await expect(ended.getByText(/由學生／家長結束：教學未如理想：講解太快，學生跟不上/)).toBeVisible();
  await expect(page.getByRole('button', { name: '記錄這一堂' })).toHaveCount(0);
  expect(smsTo(endedTutor.phone).some((body) => body.includes('已結束'))).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await ended.getByRole('button', { name: '重新開放個案' }).click();
  await expect(ended.getByText(/已重新開放，其他申請的導師已重新列出/)).toBeVisible();
  await ended.getByRole('link', { name: '查看我的個案' }).click();
  // Back on the board with its other applicant; the ended tutor stays out.
  const card = page.getByTestId('my-case').filter({ hasText: `個案編號 ${caseNumber}` });
  await expect(card.getByText('已批核')).toBeVisible();
  // The applicants may still be open from when the case was matched.
  const applicants = card.getByRole('button', { name: /位導師申請/ });
  if ((await applicants.getAttribute('aria-expanded')) !== 'true') await applicants.click();
  await expect(card.getByTestId('applicant').filter({ hasText: '配對已結束' })).toHaveCount(1);
  const again = card.getByTestId('applicant').filter({ hasText: '已申請' });
  await expect(again).toHaveCount(1);
  await expect(again.getByRole('button', { name: '選擇此導師' })).toBeVisible();
  await expect(page.getByText(spaced(runnerUp.phone))).toHaveCount(0);
});

// And a case of hers offered to demo tutor 17 25 hours ago, demo tutor 18 the runner-up: the
// tutor never answered.
const silentTutor = { phone: '50000017' };

test('an offer nobody answered lapses by the server’s job: the case is open again with its other applicant', async ({
  page,
}) => {
  // The job ran on the server (once, on whichever server took its lease).
  await expect
    .poll(() => backOffice('jobs', 'runs', '--job', 'offer-lapse', '--limit', '50'))
    .toMatch(/1 offers lapsed/);
  expect(smsTo(demoParent.phone).some((body) => body.includes('導師未有在限期內確認'))).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoParent);
  // Which of her cases it was: the one with a lapsed applicant.
  const caseId = await page.evaluate(async () => {
    const get = async (path: string) =>
      (await fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` } })).json();
    const mine = (await get('/cases/mine?pageSize=100')) as { items: { caseId: number; status: string }[] };
    for (const item of mine.items.filter((c) => c.status === 'approved')) {
      const applicants = (await get(`/cases/${item.caseId}/applications`)) as { items: { status: string }[] };
      if (applicants.items.some((a) => a.status === 'lapsed')) return item.caseId;
    }
    return undefined;
  });
  expect(caseId, 'the demo data offered a case of hers 25 hours ago').toBeDefined();
  await page.goto('/my-cases');
  const lapsedCase = page.getByTestId('my-case').filter({ hasText: `個案編號 ${caseId}` });
  await lapsedCase.getByRole('button', { name: '2 位導師申請' }).click();
  const lapsed = lapsedCase.getByTestId('applicant').filter({ hasText: '逾時未確認' });
  await expect(lapsed).toHaveCount(1);
  await expect(lapsed.getByText('這位導師未有在限期前確認，你可選擇其他導師。')).toBeVisible();
  await expect(lapsed.getByText(spaced(silentTutor.phone))).toHaveCount(0);
  await expect(
    lapsedCase.getByTestId('applicant').filter({ hasText: '已申請' }).getByRole('button', { name: '選擇此導師' }),
  ).toBeVisible();
});
