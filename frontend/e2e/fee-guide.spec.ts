import { expect, test } from './support/test';
import { choose } from './support/matching';
import { demoParent, logInThroughUi } from './support/session';

// Issue 12, fee guidance: beside the fee of /post-case, how comparable approved cases pay, and
// where the typed fee sits, updating as it is typed (the demo data's approved cases compare).
test('on a phone, the fee hint on /post-case follows the fee as it is typed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoParent);
  await page.goto('/post-case');
  await choose(page, '教育程度', '中學');
  await choose(page, '年級', '中三');
  await choose(page, '區域', '九龍');
  const guide = page.getByTestId('fee-guide');
  await expect(guide).toContainText('同類個案每小時學費：中間一半介乎 HK$');

  const fee = page.getByRole('spinbutton', { name: '每堂學費（HK$）' });
  await page.getByRole('spinbutton', { name: '每堂時長（分鐘）' }).fill('60');
  await fee.fill('10');
  await expect(guide).toContainText('低於大部分同類個案，申請的導師可能較少。');
  await fee.fill('90000');
  await expect(guide).toContainText('高於大部分同類個案。');
  // The hint is the fee field's description, so a screen reader reads it with the field.
  await expect(fee).toHaveAccessibleDescription(/同類個案每小時學費/);
});
