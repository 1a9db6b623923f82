/**
 * jsdom lays nothing out: every element's offsetParent is null and the body measures 0 × 0, so
 * Fluent's focus manager (tabster) takes every element for hidden. An opening dialog then finds
 * no field to focus and focuses its own surface, which tabster does not count as entering the
 * dialog when it learns of the dialog a moment later: the open dialog stays aria-hidden and
 * `findByRole('dialog')` never finds it (whether it did depended on timing). Here, as in a
 * browser, an element shown (no ancestor with display: none) has an offsetParent, and the body
 * has the viewport's size.
 */
function shown(element: HTMLElement): boolean {
  for (let el: HTMLElement | null = element; el; el = el.parentElement) {
    if (window.getComputedStyle(el).display === 'none') return false;
  }
  return true;
}

export function installLayout(): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement): Element | null {
      return this !== document.body && shown(this) ? this.parentElement : null;
    },
  });
  HTMLBodyElement.prototype.getBoundingClientRect = function getBoundingClientRect(): DOMRect {
    const [width, height] = [window.innerWidth, window.innerHeight];
    const rect = { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height };
    return { ...rect, toJSON: () => rect } as DOMRect;
  };
}
