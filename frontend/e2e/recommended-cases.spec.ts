import { expect, test } from './support/test';
import { useTutorMode } from './support/matching';
import { demoTutor, logInThroughUi } from './support/session';

// Issue 12, recommendations: in tutor mode, home leads with the open cases that fit the tutor,
// as the server ranks them, each saying why.
test('on a phone, a tutor in tutor mode sees 為你推薦的個案 on home, each with why it fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoTutor);
  await useTutorMode(page);
  await page.goto('/');
  const section = page.getByTestId('recommended-cases');
  await expect(section.getByRole('heading', { name: '為你推薦的個案' })).toBeVisible();
  // Above the search form (issue 34): what a tutor came for, before the filters.
  const panel = page.getByRole('tabpanel');
  const [above, below] = [await section.boundingBox(), await panel.boundingBox()];
  expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);

  const ranked = await page.evaluate(async () => {
    const answer = await fetch('/cases/recommended', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await answer.json()) as { items: { case: { caseId: number }; reasons: string[] }[] }).items;
  });
  // The demo board holds cases in every subject and district: something fits demo tutor 1.
  expect(ranked.length).toBeGreaterThan(0);
  const cards = section.getByTestId('case-card');
  await expect(cards).toHaveCount(ranked.length);
  await expect(cards.first()).toContainText(String(ranked[0]?.case.caseId));
  await expect(cards.first().getByTestId('case-note')).toHaveText(/吻合$/);
});
