import type { Browser } from '@playwright/test';
import { expect, test, waitForTakeover } from './support/test';

// Issue 14, first paint: the public pages' first screen comes in the HTML, so it shows before
// the app's JavaScript has run (here: with JavaScript off); the app then takes over in place.

interface Tutor {
  userId: number;
  name: string;
}

async function firstTutor(browser: Browser, baseURL: string | undefined): Promise<Tutor> {
  const context = await browser.newContext({ baseURL });
  const tutors = await (await context.request.get('/tutors?pageSize=1')).json();
  await context.close();
  return tutors.items[0] as Tutor;
}

/** Where a page's main heading is, with JavaScript off (the server's HTML) or on (the app). */
async function headingBox(browser: Browser, baseURL: string | undefined, path: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  // With JavaScript, once the app has rendered over the server's HTML (main.tsx).
  if (javaScriptEnabled) await page.locator('#root[data-first-screen]').waitFor({ state: 'detached' });
  const box = await heading.boundingBox();
  await context.close();
  return box;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("a tutor's page shows the tutor: name, fee and facts", async ({ page, browser, baseURL }) => {
    const tutor = await firstTutor(browser, baseURL);
    await page.goto(`/tutor/${tutor.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: tutor.name })).toBeVisible();
    await expect(page.getByText(/^每堂 HK\$\d+/).first()).toBeVisible();
    await expect(page.getByText('任教科目', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '所有補習個案' })).toBeVisible();
  });

  test("a case's page shows the case", async ({ page, request }) => {
    const cases = await (await request.get('/cases?pageSize=1')).json();
    const item = cases.items[0] as { caseId: number; postTitle: string };
    await page.goto(`/case/${item.caseId}`);
    await expect(page.getByRole('heading', { level: 1, name: item.postTitle })).toBeVisible();
    await expect(page.getByText(`個案編號 ${item.caseId}`)).toBeVisible();
  });

  test('home, the board, the login page and the legal pages show their first screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: '連繫家長、學生與導師的最佳平台' })).toBeVisible();
    await page.goto('/all-cases');
    await expect(page.getByRole('heading', { level: 1, name: '所有補習個案' })).toBeVisible();
    await page.goto('/login-or-register');
    await expect(page.getByRole('heading', { level: 1, name: '登入或註冊' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '登入', selected: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '電話號碼' })).toBeVisible();
    // The register tab's address gets the frame: the app draws that tab, not the login form.
    await page.goto('/login-or-register?tab=register');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '電話號碼' })).toHaveCount(0);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: '服務條款' })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: '私隱政策' })).toBeVisible();
  });
});

test("the app takes a tutor's page over where the server drew it, and works", async ({ page, browser, baseURL }) => {
  const tutor = await firstTutor(browser, baseURL);
  const path = `/tutor/${tutor.userId}`;
  const before = await headingBox(browser, baseURL, path, false);
  const after = await headingBox(browser, baseURL, path, true);
  expect(before && after).toBeTruthy();
  // The heading does not jump when the app replaces the server's HTML.
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2);
  expect(Math.abs((after?.x ?? 0) - (before?.x ?? 0))).toBeLessThanOrEqual(2);

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: tutor.name })).toBeVisible();
  await expect(page.locator('.first-screen')).toHaveCount(0);
  // The app's own page: the booking box, and links that navigate inside the app.
  await expect(page.getByRole('heading', { level: 2, name: '預約導師' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: '所有補習個案' }).click();
  await expect(page).toHaveURL(/\/all-cases$/);
  await expect(page.getByRole('heading', { level: 1, name: '所有補習個案' })).toBeVisible();
});

test('the app takes the login page over where the server drew it', async ({ browser, baseURL }) => {
  const before = await headingBox(browser, baseURL, '/login-or-register', false);
  const after = await headingBox(browser, baseURL, '/login-or-register', true);
  expect(before && after).toBeTruthy();
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2);
  expect(Math.abs((after?.x ?? 0) - (before?.x ?? 0))).toBeLessThanOrEqual(2);
});

test('the app hydrates the pages prerendered whole: the elements the server sent stay, and nothing is logged', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  const logged: string[] = [];
  page.on('console', (message) => {
    // A hydration React gave up is reported as an error before it draws the page again.
    if (message.type() === 'error') logged.push(message.text());
  });
  page.on('pageerror', (error) => logged.push(error.message));
  // The server's top element and main heading, as they are before the app's code has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { served: [document.querySelector('#root > *'), document.querySelector('h1')] });
    });
  });
  for (const path of ['/', '/all-cases', '/login-or-register', '/terms', '/en', '/en/all-cases']) {
    await page.goto(path);
    await waitForTakeover(page);
    const kept = await page.evaluate(() => {
      const served = (window as unknown as { served: (Element | null)[] }).served;
      return (
        served.length === 2 &&
        served[0] !== null &&
        served[0] === document.querySelector('#root > *') &&
        served[1] !== null &&
        served[1] === document.querySelector('h1')
      );
    });
    expect(kept, path).toBe(true);
  }
  // With a query the prerender did not draw, the board is drawn by the app, as before.
  await page.goto('/all-cases?page=2');
  await waitForTakeover(page);
  expect(
    await page.evaluate(
      () => (window as unknown as { served: Element[] }).served[0] === document.querySelector('#root > *'),
    ),
  ).toBe(false);
  expect(logged).toEqual([]);
  await context.close();
});

test("a form of the server's HTML does not submit before the app takes over", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  // The app's entry never arrives: the server's first screen stays.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await page.goto('/login-or-register');
  await page.getByRole('textbox', { name: '電話號碼' }).fill('61234567');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await page.waitForTimeout(500);
  expect(navigations).toHaveLength(1);
  expect(page.url()).not.toContain('?');
  await expect(page.getByRole('textbox', { name: '電話號碼' })).toHaveValue('61234567');
  await context.close();
});

test("the app's first render shows the answer the server sent with the page", async ({ page, browser, baseURL }) => {
  const tutor = await firstTutor(browser, baseURL);
  // The app's own request for the tutor is held: only the answer in the page can show them.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/tutors/${tutor.userId}$`), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/tutor/${tutor.userId}`);
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: tutor.name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '預約導師' })).toBeVisible();
  release();
});

test("the boot script asks for the app's files, the words and the page's own, each once", async ({
  page,
  browser,
  baseURL,
}) => {
  const tutor = await firstTutor(browser, baseURL);
  await page.goto(`/tutor/${tutor.userId}`);
  await expect(page.locator('.first-screen')).toHaveCount(0);
  const { named, preloaded } = await page.evaluate(() => {
    const boot = document.querySelector<HTMLScriptElement>('script[data-preload]');
    const pages = JSON.parse(boot?.dataset.pages ?? '[]') as [string, string[], string[]][];
    const own = pages.filter(([pattern]) => pattern === '/tutor/*').flatMap(([, files]) => files);
    const words = JSON.parse(boot?.dataset.zh ?? '[]') as string[];
    return {
      named: [...(boot?.dataset.preload ?? '').split(' ').filter(Boolean), ...words, ...own],
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
    };
  });
  expect(named.length).toBeGreaterThan(10);
  // One per task (prerender/plugin.ts), every one of them; the app's own loader adds the rest
  // of what its lazy parts need, and nothing is asked for twice.
  expect(named.filter((file) => !preloaded.includes(file))).toEqual([]);
  expect(new Set(preloaded).size).toBe(preloaded.length);
});
