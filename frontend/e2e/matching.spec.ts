import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { applyFromCaseList, backOffice, choose, smsTo, useTutorMode } from './support/matching';
import { DEMO_PASSWORD, demoParent, demoTutor as tutor, logInThroughUi, logOutThroughUi } from './support/session';

// A second demo tutor, so the parent has two applicants to compare.
const secondTutor = { name: 'demo tutor 8', phone: '50000008', password: DEMO_PASSWORD };

const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4)}`;

test('a parent posts a case, the back office approves it, tutors apply, the parent offers it to one, the tutor confirms with the first lesson and both see the contact', async ({
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

  // On a phone, the parent compares the two and offers the case to the first at the case's fee.
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
  await applicant.getByRole('button', { name: '選擇此導師' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/須於 24 小時內確認/)).toBeVisible();
  // This tutor asks more than the case offers: the parent offers the case's fee.
  await expect(dialog.getByRole('radio', { name: /^導師要求 HK\$/ })).toBeVisible();
  await dialog.getByRole('radio', { name: '個案學費 HK$350' }).check();
  await expect(dialog.getByText(/^你會以每堂 HK\$350 邀請.+任教。$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: '確認選擇' }).click();
  // An offer, not a match: no phone until the tutor confirms.
  await expect(applicant.getByText(/已邀請這位導師，等待導師於/)).toBeVisible();
  await expect(applicant.getByText(spaced(tutor.phone))).toHaveCount(0);
  await expect(card.getByText('待導師確認').first()).toBeVisible();
  expect(smsTo(tutor.phone).some((body) => body.includes(caseId) && body.includes('24 小時內'))).toBe(true);
  await logOutThroughUi(page);

  // The tutor, on the same phone, reads the terms, proposes the first lesson and confirms.
  await logInThroughUi(page, tutor);
  await page.goto('/my-applications');
  const application = page.getByTestId('my-application').filter({ hasText: caseId });
  const offer = application.getByRole('region', { name: '家長選擇了你！請確認是否接受這個個案' });
  await expect(offer.getByText('HK$350', { exact: true })).toBeVisible();
  // The service fee at the agreed fee, stated before the confirm button: 350 × 2 a week × 4 ÷ 2.
  const serviceFee = offer.getByRole('region', { name: '確認後須繳付的服務費' });
  await expect(serviceFee.getByText('服務費 HK$1,400', { exact: true })).toBeVisible();
  await expect(serviceFee).toContainText('每堂學費 HK$350 × 每週 2 堂 × 4 星期 ÷ 2 = HK$1,400');
  await expect(serviceFee.getByRole('link', { name: '服務費條款' })).toHaveAttribute('href', '/terms#fees');
  await expect(application.getByText(spaced(demoParent.phone))).toHaveCount(0);
  const firstLesson = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  const date = offer.getByRole('group', { name: '第一堂日期' });
  await date.getByRole('combobox', { name: '年' }).selectOption(String(firstLesson.getFullYear()));
  await date.getByRole('combobox', { name: '月' }).selectOption(String(firstLesson.getMonth() + 1).padStart(2, '0'));
  await date.getByRole('combobox', { name: '日' }).selectOption(String(firstLesson.getDate()).padStart(2, '0'));
  await offer.getByRole('combobox', { name: '第一堂時間' }).selectOption('19:00');
  await expectNoSeriousA11yViolations(page);
  await offer.getByRole('button', { name: '確認接受' }).click();
  await expect(application.getByText('已獲選', { exact: true })).toBeVisible();
  await expect(application.getByText(spaced(demoParent.phone))).toBeVisible();
  await expect(application.getByText(/議定學費：每堂 HK\$350・第一堂：/)).toBeVisible();
  // The matched tutor keeps reading the whole case.
  await page.goto(`/case/${caseId}`);
  await expect(page.getByText('希望加強代數及應用題')).toBeVisible();
  await logOutThroughUi(page);

  // The parent sees the tutor's phone as tap-to-call and WhatsApp links, and the first lesson.
  await logInThroughUi(page, demoParent);
  // A matched case opens with its applicants shown.
  await page.goto('/my-cases');
  await expect(applicant.getByText(spaced(tutor.phone))).toBeVisible();
  await expect(applicant.getByRole('link', { name: /^致電/ })).toHaveAttribute('href', `tel:+852${tutor.phone}`);
  await expect(applicant.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/852${tutor.phone}`,
  );
  await expect(applicant.getByText(/第一堂：.+ 19:00/)).toBeVisible();
  await expect(card.getByText('已配對')).toBeVisible();
  expect(smsTo(demoParent.phone).some((body) => body.includes(caseId) && body.includes('導師已確認'))).toBe(true);
  await expectNoSeriousA11yViolations(page);
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
