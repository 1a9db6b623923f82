import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { applyFromCaseList, backOffice, choose, smsTo, useTutorMode } from './support/matching';
import { DEMO_PASSWORD, demoParent, demoTutor as tutor, logInThroughUi, logOutThroughUi } from './support/session';

// A second demo tutor, so the parent has two applicants to compare.
const secondTutor = { name: 'demo tutor 8', phone: '50000008', password: DEMO_PASSWORD };

const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4)}`;

test('a parent posts a case, the back office approves it, a tutor applies, the parent chooses them and both see the contact', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `中三數學補習 ${Date.now() % 100000}`;

  // The parent posts a case through the form.
  await logInThroughUi(page, demoParent);
  await page.goto('/post-case');
  await expect(page.getByRole('heading', { name: '新增補習個案' })).toBeVisible();
  await page.getByRole('textbox', { name: '標題' }).fill(title);
  await choose(page, '教育程度', '中學');
  await choose(page, '年級', '中三');
  await page.getByRole('combobox', { name: '科目' }).click();
  await page.getByRole('menuitemcheckbox', { name: '數學', exact: true }).click();
  await page.keyboard.press('Escape');
  await choose(page, '區域', '九龍');
  await choose(page, '地點', '藍田');
  await page.getByRole('spinbutton', { name: '每堂學費（HK$）' }).fill('350');
  await page.getByRole('spinbutton', { name: '每堂時長（分鐘）' }).fill('90');
  await page.getByRole('spinbutton', { name: '每週堂數' }).fill('2');
  const nextYear = String(new Date().getFullYear() + 1);
  await choose(page, '年', `${nextYear}年`);
  await choose(page, '月', '1月');
  await choose(page, '日', '15日');
  await page.getByRole('textbox', { name: '個案描述' }).fill('希望加強代數及應用題');
  const posted = page.waitForResponse((r) => r.url().endsWith('/cases') && r.request().method() === 'POST');
  await page.getByRole('button', { name: '刊登個案' }).click();
  const caseId = String((await (await posted).json()).caseId);
  // The case is shown on /my-cases, outlined, with what happens next.
  await expect(page).toHaveURL(/\/my-cases$/);
  await expect(page.getByRole('status')).toContainText('個案新增成功！ 審批通過後會公開給導師申請');
  const myCase = page.getByTestId('my-case').filter({ hasText: title });
  await expect(myCase).toHaveAttribute('aria-current', 'true');
  // Pending until the back office approves it with the CLI.
  await expect(myCase.getByText('審批中')).toBeVisible();
  expect(backOffice('cases', 'approve', caseId, '--yes')).toContain('is now approved');
  expect(smsTo(demoParent.phone).some((body) => body.includes(caseId) && body.includes('已獲批核'))).toBe(true);
  await logOutThroughUi(page);

  // Two tutors in tutor mode apply from the case list.
  await logInThroughUi(page, tutor);
  await useTutorMode(page);
  await applyFromCaseList(page, caseId, '星期六 下午2時至6時');
  await logOutThroughUi(page);
  await logInThroughUi(page, secondTutor);
  await useTutorMode(page);
  await applyFromCaseList(page, caseId, '星期日 上午');
  await logOutThroughUi(page);

  // On a phone, the parent compares the two, chooses the first through the confirmation and
  // gets their phone as tap-to-call and WhatsApp links.
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoParent);
  await page.goto('/my-cases');
  const card = page.getByTestId('my-case').filter({ hasText: title });
  await card.getByRole('button', { name: '2 位導師申請' }).click();
  const applicants = card.getByTestId('applicant');
  await expect(applicants).toHaveCount(2);
  for (const each of await applicants.all()) {
    await expect(each.getByText(/^每堂 HK\$[\d,]+$/)).toBeVisible();
    await expect(each.getByText('學歷')).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  const applicant = applicants.filter({ hasText: '星期六 下午2時至6時' });
  await expect(applicant.getByText(spaced(tutor.phone))).toHaveCount(0);
  await applicant.getByRole('button', { name: '選擇此導師' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/的學費為每堂 HK\$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: '確認選擇' }).click();
  await expect(applicant.getByText(spaced(tutor.phone))).toBeVisible();
  await expect(applicant.getByRole('link', { name: /^致電/ })).toHaveAttribute('href', `tel:+852${tutor.phone}`);
  await expect(applicant.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/852${tutor.phone}`,
  );
  await expect(card.getByText('已配對')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logOutThroughUi(page);

  // The tutor sees the selection and the parent's phone.
  await logInThroughUi(page, tutor);
  await page.goto('/my-applications');
  const application = page.getByTestId('my-application').filter({ hasText: caseId });
  await expect(application.getByText('已獲選', { exact: true })).toBeVisible();
  await expect(application.getByText(spaced(demoParent.phone))).toBeVisible();
});

test('a parent books a tutor with subject, place and message; the tutor weighs them and accepts; the parent sees accepted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const time = `星期三 19:00-21:00（${Date.now() % 10000}）`;
  await logInThroughUi(page, tutor);
  const tutorId = await page.evaluate(async () => {
    const me = await fetch('/self-users/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await me.json()) as { id: string }).id;
  });
  await logOutThroughUi(page);

  await logInThroughUi(page, demoParent);
  await page.goto(`/tutor/${tutorId}`);
  const box = page.getByTestId('booking-box');
  await box.getByRole('button', { name: '預約' }).click();
  await expect(box.getByText('請填寫預約時間')).toBeVisible();
  await box.getByRole('textbox', { name: '預約時間' }).fill(time);
  // One of the tutor's own subjects, lessons by video, a note only the tutor will read.
  const subject = box.getByRole('combobox', { name: '科目' });
  await subject.selectOption({ index: 1 });
  const chosenSubject = await subject.evaluate((select: HTMLSelectElement) => select.value);
  await box.getByRole('combobox', { name: '上堂地點' }).selectOption('online');
  await box.getByRole('textbox', { name: '留言（選填）' }).fill('中三學生，想加強代數');
  await box.getByRole('button', { name: '預約' }).click();
  await expect(box.getByText('預約已提交！')).toBeVisible();
  await expect(box.getByRole('link', { name: '查看我的預約' })).toBeVisible();
  await expect(box.getByRole('row').filter({ hasText: time }).getByText('待確認')).toBeVisible();
  await logOutThroughUi(page);

  await logInThroughUi(page, tutor);
  await page.goto('/my-bookings');
  const received = page.getByTestId('my-booking').filter({ hasText: time });
  for (const fact of [chosenSubject, '視像補習', '中三學生，想加強代數']) {
    await expect(received.getByText(fact, { exact: true })).toBeVisible();
  }
  await received.getByRole('button', { name: '接受' }).click();
  await expect(received.getByText(spaced(demoParent.phone), { exact: false })).toBeVisible();
  await logOutThroughUi(page);

  await logInThroughUi(page, demoParent);
  await page.goto('/my-bookings');
  const made = page.getByTestId('my-booking').filter({ hasText: time });
  await expect(made.getByText('已接受')).toBeVisible();
  await expect(made.getByText(spaced(tutor.phone), { exact: false })).toBeVisible();
});
