import { expect, type Page } from '@playwright/test';

/** The smallest tap target on a phone (issue 11; Apple and Material both ask for about 44 px). */
export const MIN_TAP_PX = 44;

/**
 * Every control on the page that a finger must hit and that is shorter than `MIN_TAP_PX`,
 * described so a failure reads as what to fix. A link inside a sentence is exempt, as WCAG 2.5.8
 * exempts it: its height is the line's. Fluent draws inputs, selects and checkboxes inside a
 * wrapper that takes the tap, so the wrapper is what is measured.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="checkbox"], [role="radio"]',
    );
    const wrapper =
      '.fui-Input, .fui-Select, .fui-Textarea, .fui-Dropdown, .fui-Combobox, .fui-Checkbox, .fui-Radio, .fui-Switch';
    const small: string[] = [];
    for (const control of controls) {
      if (control.closest('[aria-hidden="true"], [data-tabster-dummy]')) continue;
      const target = control.closest<HTMLElement>(wrapper) ?? control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      const isLink = control.tagName === 'A' || control.classList.contains('fui-Link');
      const inSentence =
        isLink &&
        getComputedStyle(control).display.startsWith('inline') &&
        (control.parentElement?.textContent ?? '').trim().length > (control.textContent ?? '').trim().length;
      if (inSentence) continue;
      if (Math.round(box.height) < min) {
        const name = (
          control.getAttribute('aria-label') ??
          control.textContent ??
          control.getAttribute('name') ??
          ''
        ).trim();
        small.push(`${control.tagName.toLowerCase()} "${name.slice(0, 30)}" ${Math.round(box.height)} px`);
      }
    }
    return small;
  }, MIN_TAP_PX);
}

/** Fails naming every control on the page shorter than `MIN_TAP_PX`. */
export async function expectTapTargetsOf44px(page: Page): Promise<void> {
  expect(await smallTapTargets(page), `tap targets on ${page.url()}`).toEqual([]);
}
