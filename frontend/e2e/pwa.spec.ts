import { expect, test } from './support/test';
import { waitForTable } from './helpers';

// These journeys are about the service worker, which the others block.
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  display: string;
  start_url: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

test('the app can be installed: a manifest with zh-HK names and real icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href!)).json()) as Manifest;
  expect(manifest).toMatchObject({ lang: 'zh-HK', display: 'standalone', start_url: '/', short_name: 'tutorhub' });
  expect(manifest.name).toContain('補習');
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
});

test('with the network cut, a page says so in zh-HK; back online, the app returns', async ({ page, context }) => {
  await page.goto('/');
  // The first visit installs the service worker once the page has loaded and gone idle (at the
  // latest 10 s in, service-worker.ts), and it takes this page over at once.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);

  await context.setOffline(true);
  await page.goto('/all-cases');
  await expect(page.getByRole('heading', { name: '你目前離線' })).toBeVisible();
  await expect(page).toHaveURL(/\/all-cases$/);

  await context.setOffline(false);
  await page.getByRole('link', { name: '再試一次' }).click();
  await waitForTable(page);
});

test('the service worker keeps the app files only, never an answer with data', async ({ page }) => {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true);
  const entry = await page.evaluate(
    () => new URL(document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src).pathname,
  );
  // Pages that load cases and tutors through the API, with the worker in control.
  await page.goto('/all-cases');
  await waitForTable(page);
  await page.goto('/');
  const kept = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
  expect(kept).toEqual(expect.arrayContaining(['/offline.html', entry]));
  expect(kept.filter((path) => !/^\/assets\/|^\/offline\.html$/.test(path))).toEqual([]);
});
