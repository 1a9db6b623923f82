import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The server's SMS outbox: one JSON line `{to, subject, body, sentAt}` per message. */
function smsOutbox(): { to: string; body: string }[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through scripts/e2e.sh');
  let text = '';
  try {
    text = readFileSync(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { to: string; body: string });
}

/**
 * The 6-digit code of the newest SMS to `phone` (8 local digits), waiting for it to arrive,
 * as the user would read it on their phone.
 */
export async function smsCodeFor(phone: string): Promise<string> {
  const to = `+852${phone}`;
  let code = '';
  await expect
    .poll(() => {
      const last = smsOutbox().filter((sms) => sms.to === to).at(-1);
      code = last?.body.match(/\d{6}/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
