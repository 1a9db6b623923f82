import { expect, test } from './support/test';
import { postApprovedCase } from './support/matching';
import { readOutbox } from './support/outbox';
import { DEMO_PASSWORD, demoParent, logInThroughUi, logOutThroughUi, topBar } from './support/session';

// Issue 12, invitations: the owner of an open case sees 可能合適的導師 and invites one; the tutor
// gets one SMS that links to the case, and can turn invitations off on /edit-profile.
test('on a phone, a parent invites a suggested tutor, whose SMS links to the case page; the tutor can turn invitations off', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoParent);
  // A subject some demo tutor teaches at secondary level, so that somebody fits.
  const listed = await (await page.request.get('/tutors?level=secondary&pageSize=1')).json();
  const subject = String(listed.items[0].subjects.find((s: string) => s.startsWith('中學 '))).slice(3);
  const caseId = await postApprovedCase(page, `中四${subject}補習 ${Date.now() % 100000}`, subject);

  await page.goto(`/case/${caseId}`);
  const section = page.getByTestId('suggested-tutors');
  await expect(section.getByRole('heading', { name: '可能合適的導師' })).toBeVisible();
  const first = section.getByTestId('suggested-tutor').first();
  await expect(first.getByText(/吻合$/)).toBeVisible();
  const invite = first.getByRole('button', { name: /^邀請.+申請這個個案$/ });
  await invite.click();
  await expect(first.getByText('已邀請')).toBeVisible();
  await expect(invite).toBeHidden();

  // One SMS, to the tutor, naming the case and linking to its page: nothing the parent typed.
  const texts = readOutbox('sms').filter((sms) => sms.body.includes(`補習個案 ${caseId}`) && sms.body.includes('邀請'));
  expect(texts).toHaveLength(1);
  const link = texts[0]?.body.match(/https?:\/\/\S+\/case\/\d+/)?.[0] ?? '';
  expect(new URL(link).pathname).toBe(`/case/${caseId}`);
  await logOutThroughUi(page);

  // The tutor opens the link and may apply; then turns invitations off, and it stays off.
  const tutor = { name: '', phone: texts[0]?.to.replace('+852', '') ?? '', password: DEMO_PASSWORD };
  await logInThroughUi(page, tutor);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: '申請這個個案' })).toBeVisible();
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await page.getByRole('menuitem', { name: '編輯個人資料' }).click();
  const toggle = page.getByRole('switch', { name: '接受學生、家長或機構邀請我申請個案' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: '接受學生、家長或機構邀請我申請個案' })).not.toBeChecked();
});
