import { expect, type Page } from '@playwright/test';
import { waitForTakeover } from './test';

/** A demo account of `tutorhub seed --demo` (scripts/e2e.sh seeds them). */
export interface DemoAccount {
  name: string;
  phone: string;
  password: string;
}

/** Every demo account's password. */
export const DEMO_PASSWORD = 'demo1234';

/** A parent looking for a tutor (individual, not a tutor). */
export const demoParent: DemoAccount = { name: '陳太', phone: '61234567', password: DEMO_PASSWORD };
/** A university student, not a tutor yet (for tutor applications). */
export const demoStudent: DemoAccount = { name: '李思敏', phone: '62345678', password: DEMO_PASSWORD };
/** The first demo tutor: approved, with an active profile. */
export const demoTutor: DemoAccount = { name: 'demo tutor 1', phone: '50000001', password: DEMO_PASSWORD };
/** A tutoring centre, organization pending verification. */
export const demoOrganization: DemoAccount = { name: '明德教育', phone: '63456789', password: DEMO_PASSWORD };

/** The top bar (the first banner of the page). */
export function topBar(page: Page) {
  return page.getByRole('banner').first();
}

/**
 * Logs in through the login tab of /login-or-register, like a user, and waits until the app
 * is home with the account menu showing. Use at the start of any spec that needs a session.
 */
export async function logInThroughUi(page: Page, account: DemoAccount = demoParent): Promise<void> {
  await page.goto('/login-or-register');
  // A page of a context of the spec's own does not wait for the app on its loads (test.ts).
  await waitForTakeover(page);
  await page.getByRole('textbox', { name: '電話號碼' }).fill(account.phone);
  await page.locator('input[autocomplete="current-password"]').fill(account.password);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(topBar(page).getByRole('button', { name: '帳戶設定' })).toBeVisible();
}

/** Logs out through the 帳戶設定 menu and waits for the logged-out top bar. */
export async function logOutThroughUi(page: Page): Promise<void> {
  await topBar(page).getByRole('button', { name: '帳戶設定' }).click();
  await page.getByRole('menuitem', { name: '登出' }).click();
  await expect(topBar(page).getByRole('link', { name: '登入／註冊' })).toBeVisible();
}
