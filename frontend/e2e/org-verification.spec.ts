import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { demoOrganization, logInThroughUi } from './support/session';

const dataDir = process.env.E2E_DATA_DIR ?? '';
const bin = process.env.TUTORHUB_BIN ?? '';
/** The smallest file the server takes for a PNG: its signature. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function tutorhub(...args: string[]): string {
  return execFileSync(bin, [...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { ...process.env, LOG_FORMAT: 'text' },
  });
}

test('staff check the documents and decide with the CLI; a refused organization resubmits and sees each outcome on its profile', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const pending = JSON.parse(tutorhub('orgs', 'list', '--status', 'pending', '--json')) as {
    items: { phone: string }[];
  };
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

  // The organization answers the refusal with a clearer address proof, which puts it back in
  // the back office's pending list; the business registration it registered with stays.
  const resubmission = page.getByRole('form', { name: '重新提交文件' });
  await resubmission
    .getByLabel('地址證明', { exact: true })
    .setInputFiles({ name: 'clear-proof.png', mimeType: 'image/png', buffer: PNG });
  await resubmission.getByRole('button', { name: '提交新文件' }).click();
  await expect(page.getByText('已收到你的新文件，我們會重新審批，結果會以短訊通知你。')).toBeVisible();
  await expect(page.getByRole('status', { name: '機構認證：審批中' })).toBeVisible();
  await expect(resubmission).toHaveCount(0);
  const again = JSON.parse(tutorhub('orgs', 'list', '--status', 'pending', '--json')) as { items: { phone: string }[] };
  expect(again.items.map((org) => org.phone)).toContain(`+852${demoOrganization.phone}`);
  const reexported = mkdtempSync(join(tmpdir(), 'org-docs-'));
  tutorhub('documents', 'export', demoOrganization.phone, '--out', reexported);
  expect(readFileSync(join(reexported, 'address-proof.png'))).toEqual(PNG);
  expect(readFileSync(join(reexported, 'business-registration.pdf'))).toEqual(
    readFileSync(join(out, 'business-registration.pdf')),
  );

  // Pending again, so no re-decision is needed; the profile follows.
  tutorhub('orgs', 'verify', demoOrganization.phone, '--yes');
  await page.reload();
  await expect(page.getByRole('status', { name: '機構認證：已認證' })).toBeVisible();
  await expect(page.getByText(/原因：/)).toHaveCount(0);
  await expect(page.getByRole('form', { name: '重新提交文件' })).toHaveCount(0);
});
