import { expect, test } from './support/test';

// Issue 14, sharing: a WhatsApp-style fetch of a tutor's and a case's link gets the page's own
// title, description and (for a tutor) picture, before any JavaScript.
test('a WhatsApp-style fetch of a tutor and a case page previews them; robots and the sitemap point to them', async ({
  request,
}) => {
  const whatsapp = { 'User-Agent': 'WhatsApp/2.23', Accept: '*/*' };
  const tutors = await (await request.get('/tutors?pageSize=1')).json();
  const tutor = tutors.items[0] as { userId: number; name: string; avatar?: string };
  const tutorPage = await request.get(`/tutor/${tutor.userId}`, { headers: whatsapp });
  expect(tutorPage.status()).toBe(200);
  expect(tutorPage.headers()['content-type']).toContain('text/html');
  const tutorHtml = await tutorPage.text();
  expect(tutorHtml).toMatch(new RegExp(`<meta property="og:title" content="${tutor.name}｜[^"]+導師｜tutorhub" />`));
  expect(tutorHtml).toMatch(/<meta property="og:description" content="[^"]+每堂 HK\$\d+/);
  if (tutor.avatar) expect(tutorHtml).toContain(`${tutor.avatar}" />`);

  const cases = await (await request.get('/cases?pageSize=1')).json();
  const item = cases.items[0] as { caseId: number };
  const caseHtml = await (await request.get(`/case/${item.caseId}`, { headers: whatsapp })).text();
  expect(caseHtml).toContain(`｜補習個案 ${item.caseId}｜tutorhub" />`);
  expect(caseHtml).toMatch(/<meta property="og:description" content="[^"]+每堂 HK\$\d+/);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemaps/tutors-1.xml')).text();
  expect(sitemap).toContain(`/tutor/${tutor.userId}</loc>`);
});
