import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { demoStudent, logInThroughUi, topBar } from './support/session';

const dataDir = process.env.E2E_DATA_DIR ?? '';
const bin = process.env.TUTORHUB_BIN ?? '';

function tutorhub(...args: string[]): string {
  return execFileSync(bin, [...args, '--data-dir', dataDir], {
    encoding: 'utf8',
    env: { ...process.env, LOG_FORMAT: 'text' },
  });
}

/** A real PNG to upload: one of the demo avatars the seed drew. */
function someAvatar(): Buffer {
  const folder = join(dataDir, 'media', 'avatars');
  return readFileSync(join(folder, readdirSync(folder)[0]!));
}

test('a student applies, staff approve with the CLI, and the new tutor is searchable with a profile', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logInThroughUi(page, demoStudent);
  // Not a tutor yet: choosing tutor mode leads to the application.
  await topBar(page).getByRole('button', { name: '導師' }).click();
  await expect(page).toHaveURL(/\/tutor-application$/);

  const form = page.getByRole('form', { name: '申請成為導師' });
  // Name and phone come from the account.
  await expect(form.getByRole('textbox', { name: '姓名' })).toHaveValue(demoStudent.name);
  await expect(form.getByRole('textbox', { name: '聯絡電話' })).toHaveValue(demoStudent.phone);
  await form.getByRole('textbox', { name: '學歷' }).fill('香港科技大學 化學系');
  await form.getByRole('textbox', { name: '年齡' }).fill('23');
  await form.getByRole('textbox', { name: '教學經驗（年）' }).fill('2');
  await form.getByRole('textbox', { name: '每堂學費（HK$）' }).fill('880');
  const subjects = form.getByRole('group', { name: '任教科目' });
  await subjects.getByRole('button', { name: '中學', exact: true }).click();
  await subjects.getByRole('button', { name: '化學', exact: true }).click();
  await subjects.getByRole('button', { name: '生物', exact: true }).click();
  await expect(subjects.getByText('已選 2／12 個科目')).toBeVisible();
  const modes = form.getByRole('group', { name: '教學模式' });
  await modes.getByRole('button', { name: '上門補習' }).click();
  await modes.getByRole('button', { name: '視像補習' }).click();
  await form.getByRole('combobox', { name: '主要教學地點' }).selectOption('將軍澳');
  const districts = form.getByRole('group', { name: '授課地區' });
  await districts.getByRole('button', { name: '西貢區' }).click();
  await districts.getByRole('button', { name: '觀塘區' }).click();
  await form.getByRole('textbox', { name: '可上堂時間' }).fill('星期六下午');
  await form.getByRole('textbox', { name: '考試成績' }).fill('DSE 化學 5**');
  await form.getByRole('textbox', { name: '課程特色' }).fill('實驗示範');
  await form.getByRole('textbox', { name: '自我介紹' }).fill('喜歡化學');
  await form.getByLabel('頭像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: someAvatar() });
  await expect(form.getByRole('img', { name: '頭像預覽' })).toBeVisible();
  await form.getByRole('button', { name: '提交申請' }).click();
  await expect(page.getByText(/申請成功/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  // The applicant sees the state and cannot file a second one.
  await page.goto('/tutor-application');
  await expect(page.getByTestId('application-state')).toContainText('審批中');
  await expect(page.getByRole('button', { name: '提交申請' })).toHaveCount(0);

  // The back office approves with the real binary.
  const pending = JSON.parse(tutorhub('applications', 'list', '--status', 'pending', '--json')) as {
    id: number;
    contactNumber: string;
  }[];
  const mine = pending.find((a) => a.contactNumber === `+852${demoStudent.phone}`);
  expect(mine).toBeDefined();
  tutorhub('applications', 'approve', String(mine!.id), '--yes');
  const sms = readFileSync(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8');
  expect(sms).toContain(`申請編號 ${mine!.id}）已獲批核`);

  await page.goto('/tutor-application');
  await expect(page.getByTestId('application-state')).toContainText('已批核');
  // Now a tutor: choosing tutor mode stays in tutor mode.
  await topBar(page).getByRole('button', { name: '導師' }).click();
  await expect(topBar(page).getByRole('button', { name: '導師' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/');
  const search = page.getByRole('form', { name: '搵導師' });
  await search.getByRole('combobox', { name: '教育程度' }).selectOption({ label: '中學' });
  await search.getByRole('combobox', { name: '科目' }).selectOption('化學');
  await search.getByRole('combobox', { name: '區域' }).selectOption('新界');
  await search.getByRole('combobox', { name: '地點' }).selectOption('將軍澳');
  await search.getByRole('textbox', { name: '最低每堂學費' }).fill('870');
  await search.getByRole('button', { name: '搜尋', exact: true }).click();
  const card = page.getByRole('list', { name: '導師搜尋結果' }).getByTestId('tutor-card').filter({ hasText: '李思敏' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('中學 化學、中學 生物');
  await expect(card).toContainText('HK$880');
  await card.getByRole('link', { name: /查看/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '李思敏' })).toBeVisible();
  await expect(page.getByText('上門補習、視像補習')).toBeVisible();
  await expect(page.getByText('西貢區、觀塘區')).toBeVisible();
  await expect(page.getByText('香港科技大學 化學系')).toBeVisible();
  const tutorUrl = page.url();
  const oldAvatar = await page.locator('img[alt="李思敏的頭像"]').getAttribute('src');

  // The profile screen (home in edit mode) offers a tutor an avatar; the public profile follows.
  await page.goto('/profile');
  const profile = page.getByRole('form', { name: '編輯個人資料' });
  await profile.getByLabel('頭像').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: someAvatar() });
  await profile.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('個人資料已更新')).toBeVisible();
  await expect(page.getByRole('tab', { name: '搵導師' })).toBeVisible();
  await page.goto(tutorUrl);
  const newAvatar = await page.locator('img[alt="李思敏的頭像"]').getAttribute('src');
  expect(newAvatar).toMatch(/^\/media\/avatars\/.+\.png$/);
  expect(newAvatar).not.toBe(oldAvatar);
});
