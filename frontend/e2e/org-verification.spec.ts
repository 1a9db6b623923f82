import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { demoOrganization, logInThroughUi } from './support/session';

const dataDir = process.env.E2E_DATA_DIR ?? '';
const bin = process.env.TUTORHUB_BIN ?? '';

function tutorhub(...args: string[]): string {
  return execFileSync(bin, [...args, '--data-dir', dataDir], { encoding: 'utf8', env: { ...process.env, LOG_FORMAT: 'text' } });
}

test('staff check the documents and decide with the CLI; the organization sees each outcome on its profile', async ({ page }) => {
  test.setTimeout(60_000);
  const pending = JSON.parse(tutorhub('orgs', 'list', '--status', 'pending', '--json')) as { items: { phone: string }[] };
  expect(pending.items.map((org) => org.phone)).toContain(`+852${demoOrganization.phone}`);

  await logInThroughUi(page, demoOrganization);
  await page.goto('/edit-profile');
  await expect(page.getByRole('status', { name: '機構認證：審批中' })).toBeVisible();

  // The back office reads the private documents out of storage, then refuses with a reason.
  const out = mkdtempSync(join(tmpdir(), 'org-docs-'));
  tutorhub('documents', 'export', demoOrganization.phone, '--out', out);
  expect(readFileSync(join(out, 'business-registration.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  tutorhub('orgs', 'reject', demoOrganization.phone, '--reason', '地址證明不清晰', '--yes');

  await page.reload();
  const rejected = page.getByRole('status', { name: '機構認證：未獲認證' });
  await expect(rejected).toContainText('原因：地址證明不清晰');
  await page.goto('/profile');
  await expect(page.getByRole('status', { name: '機構認證：未獲認證' })).toBeVisible();

  // A changed decision must be asked for explicitly; then the profile follows.
  tutorhub('orgs', 'verify', demoOrganization.phone, '--yes', '--redecide');
  await page.reload();
  await expect(page.getByRole('status', { name: '機構認證：已認證' })).toBeVisible();
  await expect(page.getByText(/原因：/)).toHaveCount(0);
});
