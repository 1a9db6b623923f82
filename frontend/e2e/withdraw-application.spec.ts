import { expect, test } from './support/test';
import { applyFromCaseList, postApprovedCase, useTutorMode } from './support/matching';
import { demoParent, demoTutor as tutor, logInThroughUi, logOutThroughUi } from './support/session';

test('a tutor applies, withdraws after confirming, may apply again, and the parent can no longer pick the withdrawn application', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `中四化學補習 ${Date.now() % 100000}`;
  await logInThroughUi(page, demoParent);
  const caseId = await postApprovedCase(page, title, '化學');
  await logOutThroughUi(page);

  // The tutor applies from the case list.
  await logInThroughUi(page, tutor);
  await useTutorMode(page);
  const row = await applyFromCaseList(page, caseId, '星期日 上午');

  // ...and withdraws on /my-applications, after a confirmation it first declines.
  await page.goto('/my-applications');
  const application = page.getByTestId('my-application').filter({ hasText: caseId });
  await expect(application.getByText('已申請', { exact: true })).toBeVisible();
  await application.getByRole('button', { name: '撤回申請' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`個案編號 ${caseId}`);
  await dialog.getByRole('button', { name: '暫不撤回' }).click();
  await expect(dialog).toBeHidden();
  await expect(application.getByText('已申請', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await application.getByRole('button', { name: '撤回申請' }).click();
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/withdraw-dialog-375.png' });
  await dialog.getByRole('button', { name: '確定撤回' }).click();
  await expect(application.getByText('已撤回', { exact: true })).toBeVisible();
  await expect(application.getByRole('button', { name: '撤回申請' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/withdrawn-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The case list offers the apply form again instead of 已申請.
  await page.goto('/all-cases');
  await expect(row.getByRole('textbox', { name: '可上堂時間' })).toBeVisible();
  await expect(row.getByRole('button', { name: '已申請' })).toHaveCount(0);
  await logOutThroughUi(page);

  // The parent sees no applicant to pick.
  await logInThroughUi(page, demoParent);
  await page.goto('/my-cases');
  const card = page.getByTestId('my-case').filter({ hasText: title });
  await card.getByRole('button', { name: '0 位導師申請' }).click();
  await expect(card.getByText('暫時未有導師申請')).toBeVisible();
  await expect(card.getByRole('button', { name: '選擇此導師' })).toHaveCount(0);
});
