import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Runs a back-office command of the real binary against the e2e server's data folder. */
export function backOffice(...args: string[]): string {
  const bin = process.env.TUTORHUB_BIN;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!bin || !dataDir) throw new Error('TUTORHUB_BIN and E2E_DATA_DIR must be set (scripts/e2e.sh sets them)');
  return execFileSync(bin, [...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { ...process.env, LOG_FORMAT: 'text' },
  });
}

/** Switches the top bar's selector to tutor mode (the account must be a tutor). */
export async function useTutorMode(page: Page): Promise<void> {
  const selector = page.getByRole('group', { name: '身份模式' });
  await selector.getByRole('button', { name: '我係導師', exact: true }).click();
  await expect(selector.getByRole('button', { name: '我係導師', exact: true })).toHaveAttribute('aria-pressed', 'true');
}

/**
 * An open case the logged-in tutor teaches (its level and a subject of it), as the server
 * recommends them: a tutor may apply only to those (issue 34).
 */
export async function aCaseTheTutorTeaches(page: Page): Promise<number> {
  const items = await page.evaluate(async () => {
    const answer = await fetch('/cases/recommended', {
      headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await answer.json()) as { items: { case: { caseId: number } }[] }).items;
  });
  expect(items.length, 'the demo board has an open case this tutor teaches').toBeGreaterThan(0);
  return items[0]!.case.caseId;
}

/**
 * As the logged-in tutor in tutor mode: applies to a case from /all-cases with the given times
 * and waits for 已申請. Answers the case's row.
 */
export async function applyFromCaseList(page: Page, caseId: string, availableTimes: string) {
  await page.goto('/all-cases');
  const row = page.getByTestId('case-row').filter({ hasText: caseId });
  await row.getByRole('textbox', { name: '可上堂時間' }).fill(availableTimes);
  await row.getByRole('button', { name: '申請', exact: true }).click();
  await expect(row.getByRole('button', { name: '已申請' })).toBeDisabled();
  return row;
}

/** Picks an option of a native select by its visible label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/** The bodies of the SMS outbox's messages to a Hong Kong number (8 digits). */
export function smsTo(phone: string): string[] {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'outbox', 'sms.jsonl');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { to: string; body: string })
    .filter((message) => message.to === `+852${phone}`)
    .map((message) => message.body);
}

/**
 * Posts a 中四 case in `subject` at 沙田 as the logged-in user through the API (the form has its own
 * spec) and approves it with the back office. Answers the case number.
 */
export async function postApprovedCase(page: Page, title: string, subject: string): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  const response = await page.request.post('/cases', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      postType: 'student-seeking-tutor',
      postTitle: title,
      level: 'secondary',
      grade: '中四',
      subjects: [subject],
      location: '沙田',
      rate: 380,
      sessionLength: 90,
      sessionsPerWeek: 1,
      description: `準備文憑試${subject}`,
      preferredGender: 'no limit',
      startDate: `${new Date().getFullYear() + 1}-02-01`,
    },
  });
  expect(response.ok()).toBe(true);
  const caseId = String((await response.json()).caseId);
  expect(backOffice('cases', 'approve', caseId, '--yes')).toContain('is now approved');
  return caseId;
}
