import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { demoParent, logInThroughUi } from './support/session';

// Issue 12, reviews: the demo parent 陳太 chose demo tutor 2 for a case ten days ago, and two
// lessons are confirmed on its record (tutorhub seed --demo); from /my-cases she rates the
// tutor, and the profile shows the rating and the lessons it rests on.
test('on a phone, a parent reviews the tutor after confirmed lessons and the profile shows the rating', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoParent);
  // Other journeys match cases of hers too, without confirmed lessons: ask the server which one.
  const caseId = await page.evaluate(async () => {
    const get = async (path: string) =>
      (await fetch(path, { headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` } })).json();
    const mine = (await get('/cases/mine?pageSize=100')) as { items: { caseId: number; status: string }[] };
    for (const item of mine.items.filter((c) => c.status === 'matched')) {
      const applicants = (await get(`/cases/${item.caseId}/applications`)) as {
        items: { status: string; tutor: { id: string } }[];
      };
      const chosen = applicants.items.find((a) => a.status === 'selected');
      if (!chosen) continue;
      const eligibility = (await get(`/tutors/${chosen.tutor.id}/review-eligibility`)) as { status: string };
      if (eligibility.status === 'can-review') return item.caseId;
    }
    return undefined;
  });
  expect(caseId, 'the demo data matched her with a tutor, with confirmed lessons').toBeDefined();
  await page.goto('/my-cases');
  const matched = page.getByTestId('my-case').filter({ hasText: String(caseId) });
  const chosen = matched.getByTestId('applicant').filter({ hasText: '已獲選' });
  await chosen.getByRole('link', { name: '評價導師' }).click();
  await expect(page).toHaveURL(/\/tutor\/[^/]+#reviews$/);

  const reviews = page.getByTestId('tutor-reviews');
  const form = reviews.getByRole('form', { name: '評價這位導師' });
  await expect(form).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('radio', { name: '5 星' }).check();
  await form.getByRole('textbox', { name: /評價內容/ }).fill('講解清楚，仔仔數學測驗進步了二十分。');
  await form.getByRole('button', { name: '提交評價' }).click();
  // The thanks where the form was, in view.
  await expect(reviews.getByRole('status').filter({ hasText: '評價已刊登，多謝你的分享！' })).toBeInViewport();
  await expect(reviews.getByTestId('review').first()).toContainText('講解清楚，仔仔數學測驗進步了二十分。');
  await expect(reviews.getByTestId('review').first()).toContainText('陳*');
  // How many lessons it rests on (two from the demo data, more once the lessons journey ran).
  await expect(reviews.getByTestId('review').first()).toContainText(/上了 \d+ 堂後評價/);

  // The rating counts on the profile and survives a reload; the form does not come back.
  await page.reload();
  await expect(page.getByRole('img', { name: /^平均 5\.0 星，共 1 則評價$/ }).first()).toBeVisible();
  await expect(page.getByRole('form', { name: '評價這位導師' })).toHaveCount(0);
  await expect(page.getByText('你已評價這位導師，多謝你的分享！')).toBeVisible();
});
