import { expect, test } from './support/test';
import { demoParent, logInThroughUi } from './support/session';
import { smallTapTargets } from './support/tap-targets';

// Issue 11: on a phone every control is at least 44 px high. One pass over the pages a parent
// and a visitor use most, collecting every offender before failing, so one run lists them all.
test('every control a finger must hit is at least 44 px high at 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const offenders: string[] = [];
  const check = async (path: string, ready: () => Promise<void>) => {
    await page.goto(path);
    await ready();
    offenders.push(...(await smallTapTargets(page)).map((small) => `${path}: ${small}`));
  };
  const heading = () => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  await check('/', heading);
  await check('/all-cases', () => expect(page.getByTestId('case-card').first()).toBeVisible());
  const caseLink = page.getByTestId('case-card').first().getByRole('link').first();
  const casePath = new URL((await caseLink.getAttribute('href')) ?? '/', page.url()).pathname;
  await check(casePath, heading);
  await check('/login-or-register', () =>
    expect(page.getByRole('button', { name: '登入', exact: true })).toBeVisible(),
  );

  await logInThroughUi(page, demoParent);
  await check('/', heading);
  const tutors = (await (await page.request.get('/tutors')).json()) as { items: { id: string }[] };
  await check(`/tutor/${tutors.items[0]?.id}`, () => expect(page.getByTestId('booking-box')).toBeVisible());
  await check('/post-case', heading);
  await check('/my-cases', heading);
  await check('/my-bookings', heading);
  await check('/profile', heading);
  await check('/edit-profile', heading);
  await check('/tutor-application', heading);
  expect(offenders).toEqual([]);
});
