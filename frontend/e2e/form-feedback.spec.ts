import { expect, test } from './support/test';
import { demoParent, logInThroughUi } from './support/session';

test('on a phone, a missing field on /post-case is focused and on screen after tapping 刊登個案', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, demoParent);
  await page.goto('/post-case');
  await page.getByRole('textbox', { name: '標題' }).fill('中三數學補習');
  // The button is at the bottom of a long form: the fields left empty are far above it.
  const submit = page.getByRole('button', { name: '刊登個案' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();

  const level = page.getByRole('combobox', { name: '教育程度', exact: true });
  await expect(level).toBeFocused();
  await expect(level).toBeInViewport();
  await expect(page.getByText('請填寫教育程度')).toBeInViewport();
  // Nothing was posted: still the form.
  await expect(page).toHaveURL(/\/post-case$/);
});
