import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { backOffice, useTutorMode } from './support/matching';
import { readOutbox } from './support/outbox';
import { demoParent, demoTutor, logInThroughUi, logOutThroughUi } from './support/session';

// Issue 12, case alerts: a tutor saves a search from /all-cases; a parent posts a matching case,
// the back office approves it, and the tutor's SMS links to the case page; its stop link works
// without logging in.
test('on a phone, a tutor saves a search, a matching case arrives by SMS linking to it, and the stop link ends it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoTutor);
  await useTutorMode(page);
  // A keyword no demo case has, so only the parent's case below matches.
  const word = `奧數${Date.now() % 100000}`;
  await page.goto('/all-cases?level=primary');
  await page.getByRole('button', { name: '有新個案通知我' }).click();
  const dialog = page.getByRole('dialog', { name: '有新個案時通知我' });
  await expect(dialog.getByText('小學', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: /關鍵字/ }).fill(word);
  await dialog.getByRole('button', { name: '儲存並通知我' }).click();
  await dialog.getByRole('link', { name: '管理個案通知' }).click();
  await expect(page).toHaveURL(/\/my-alerts$/);
  await expect(page.getByTestId('saved-search')).toContainText(`小學・關鍵字：${word.toLowerCase()}`);
  await expectNoSeriousA11yViolations(page);
  await logOutThroughUi(page);

  // The parent posts a primary case with the word in its description; the back office approves it.
  await logInThroughUi(page, demoParent);
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  const posted = await page.request.post('/cases', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      postType: 'student-seeking-tutor',
      postTitle: '小五數學補習',
      level: 'primary',
      grade: '小五',
      subjects: ['數學'],
      location: '藍田',
      rate: 250,
      sessionLength: 60,
      sessionsPerWeek: 1,
      description: `想準備${word}比賽`,
      preferredGender: 'no limit',
      startDate: `${new Date().getFullYear() + 1}-01-10`,
    },
  });
  expect(posted.ok()).toBe(true);
  const caseId = String((await posted.json()).caseId);
  expect(backOffice('cases', 'approve', caseId, '--yes')).toContain('is now approved');
  await logOutThroughUi(page);

  // Within a delivery round, one SMS to the tutor: the case number and its link, no parent's words.
  let sms = '';
  await expect
    .poll(() => {
      sms =
        readOutbox('sms').find((m) => m.to === `+852${demoTutor.phone}` && m.body.includes(`/case/${caseId}`))?.body ??
        '';
      return sms;
    })
    .toContain(`有新補習個案 ${caseId} 符合你儲存的搜尋`);
  expect(sms).not.toContain(word);
  await page.goto(new URL(sms.match(/https?:\/\/\S+\/case\/\d+/)?.[0] ?? '').pathname);
  await expect(page.getByRole('heading', { level: 1, name: '小五數學補習' })).toBeVisible();

  // The stop link works without a login; resuming is on the alerts page, logged in.
  const stop = sms.match(/https?:\/\/\S+\/u\/\S+/)?.[0] ?? '';
  await page.goto(new URL(stop).pathname);
  const summary = `小學・關鍵字：${word.toLowerCase()}`;
  await expect(page.getByText(`已停止「${summary}」的個案通知。`)).toBeVisible();
  await expect(page.getByRole('link', { name: '到個案通知恢復或管理' })).toHaveAttribute('href', '/my-alerts');
  await logInThroughUi(page, demoTutor);
  await page.goto('/my-alerts');
  const stopped = page.getByTestId('saved-search').filter({ hasText: summary });
  await expect(stopped.getByText('已停止通知')).toBeVisible();
  await stopped.getByRole('button', { name: '恢復通知' }).click();
  await expect(page.getByText('已恢復通知。')).toBeVisible();
  await expect(stopped.getByText('已停止通知')).toHaveCount(0);
});
