import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { type NewAccount, newAccount, registerThroughApi } from './support/accounts';
import { backOffice, postApprovedCase, useTutorMode } from './support/matching';
import { demoParent, logInThroughUi, logOutThroughUi } from './support/session';

// Issue 34, applicants who fit: a kindergarten tutor could apply to a secondary maths case, and
// its owner saw them like anyone else. Now the tutor is told before applying and cannot; the
// owner sees who fits first and what the others lack. And a shared case link has a picture.

/** A real PNG for a tutor application: one of the demo avatars the seed drew. */
function someAvatar(): Buffer {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'media', 'avatars');
  return readFileSync(join(folder, readdirSync(folder)[0]!));
}

async function tokenOf(request: APIRequestContext, account: NewAccount): Promise<string> {
  const answer = await request.post('/users/login', {
    data: { identifier: account.phone, password: account.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * A new account that files a tutor application through the API, teaching `subjects` ("中學 數學")
 * from `area` at `fee` a lesson, approved by the back office with the CLI. Answers the account
 * and its access token.
 */
async function approvedTutor(
  request: APIRequestContext,
  name: string,
  subjects: string[],
  area: string,
  fee: number,
): Promise<{ account: NewAccount; token: string }> {
  const account = newAccount(name);
  await registerThroughApi(request, account);
  const token = await tokenOf(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get('/self-users/me', { headers })).json()) as { id: string };
  const filed = await request.post(`/profiles/${me.id}`, {
    headers,
    multipart: {
      name,
      contactNumber: account.phone,
      education: '香港大學 教育學系',
      age: '30',
      teachingExperience: '5',
      subjects: subjects.join(', '),
      examResults: 'DSE 最佳五科 30 分',
      courseFeatures: '循序漸進，重視理解。',
      teachingArea: area,
      teachingSchedule: '星期六下午',
      teachingMode: 'one-to-one',
      requiredFee: String(fee),
      bio: '有耐性，善於鼓勵學生。',
      avatar: { name: 'me.png', mimeType: 'image/png', buffer: someAvatar() },
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const { applicationId } = (await filed.json()) as { applicationId: number };
  backOffice('applications', 'approve', String(applicationId), '--yes');
  return { account, token };
}

test('on a phone, a tutor who does not teach a case is told before applying and cannot; its owner sees who fits first', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const request = page.request;
  // Kindergarten English only; secondary maths from 屯門 at HK$900; secondary maths from 沙田 at HK$300.
  const kindergarten = await approvedTutor(request, '林老師', ['幼稚園 幼兒英文'], '沙田', 250);
  const far = await approvedTutor(request, '麥老師', ['中學 數學'], '屯門', 900);
  const near = await approvedTutor(request, '梁老師', ['中學 數學'], '沙田', 300);

  // The parent's 中四 maths case at 沙田, HK$380 a lesson.
  const title = `中四數學補習 ${Date.now() % 100000}`;
  await logInThroughUi(page, demoParent);
  const caseId = await postApprovedCase(page, title, '數學');
  await logOutThroughUi(page);

  // The tutor far away and dearer applies first: teaching maths, they may.
  const applied = await request.post('/cases/apply', {
    headers: { Authorization: `Bearer ${far.token}` },
    data: { caseId: Number(caseId), availableTimes: '星期日上午' },
  });
  expect(applied.status(), await applied.text()).toBe(200);

  // The kindergarten tutor, in tutor mode, reads on the case page why they cannot apply.
  await logInThroughUi(page, kindergarten.account);
  await useTutorMode(page);
  await page.goto(`/case/${caseId}`);
  const notTaught = page.getByTestId('not-taught');
  await expect(notTaught).toContainText('你未有登記教授任何中學科目，不可申請這個個案');
  await expect(notTaught.getByRole('link', { name: '查看我的任教科目' })).toBeVisible();
  await expect(page.getByRole('button', { name: '申請', exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: '可上堂時間' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Nor does the server take it from anyone who goes around the page.
  const refused = await request.post('/cases/apply', {
    headers: { Authorization: `Bearer ${kindergarten.token}` },
    data: { caseId: Number(caseId), availableTimes: '星期六' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('OUTSIDE_TEACHING');
  // The link shows the tutor what they registered to teach.
  await notTaught.getByRole('link', { name: '查看我的任教科目' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '林老師' })).toBeVisible();
  await expect(page.getByText('幼稚園 幼兒英文').first()).toBeVisible();
  await logOutThroughUi(page);

  // The tutor who fits applies from the case page, after the other.
  await logInThroughUi(page, near.account);
  await useTutorMode(page);
  await page.goto(`/case/${caseId}`);
  await expect(page.getByTestId('not-taught')).toHaveCount(0);
  const times = page.getByRole('textbox', { name: '可上堂時間' });
  if ((await times.inputValue()) === '') await times.fill('星期六下午');
  await page.getByRole('button', { name: '申請', exact: true }).click();
  await expect(page.getByRole('button', { name: '已申請' })).toBeDisabled();
  await logOutThroughUi(page);

  // The owner sees the one who fits first, and plainly what the other lacks.
  await logInThroughUi(page, demoParent);
  await page.goto('/my-cases');
  const card = page.getByTestId('my-case').filter({ hasText: title });
  await card.getByRole('button', { name: '2 位導師申請' }).click();
  const applicants = card.getByTestId('applicant');
  await expect(applicants).toHaveCount(2);
  await expect(applicants.nth(0)).toContainText('梁老師');
  await expect(applicants.nth(0).getByRole('group', { name: '與個案的配合' })).toHaveText('科目、地區及學費吻合');
  await expect(applicants.nth(1)).toContainText('麥老師');
  const gaps = applicants.nth(1).getByRole('group', { name: '與個案的配合' });
  await expect(gaps.getByText('不在其教授地區')).toBeVisible();
  await expect(gaps.getByText('要求學費高於個案')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no horizontal scrolling').toBeLessThanOrEqual(375);
});

test('a shared case link previews with the site’s share card, a 1200×630 PNG that is there', async ({ request }) => {
  const whatsapp = { 'User-Agent': 'WhatsApp/2.23', Accept: '*/*' };
  const cases = (await (await request.get('/cases?pageSize=1')).json()) as { items: { caseId: number }[] };
  const caseId = cases.items[0]!.caseId;
  const html = await (await request.get(`/case/${caseId}`, { headers: whatsapp })).text();
  const image = /<meta property="og:image" content="([^"]+)" \/>/.exec(html)?.[1];
  expect(image, html).toMatch(/\/share-card\.png$/);
  expect(html).toContain('<meta property="og:image:width" content="1200" />');
  expect(html).toContain('<meta property="og:image:height" content="630" />');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

  // The picture itself, as a chat's preview fetches it.
  const png = await request.get('/share-card.png', { headers: whatsapp });
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
});
