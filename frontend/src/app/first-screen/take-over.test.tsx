import { act } from 'react';
import type { Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { preloadPage } from '../router';
import { WHOLE_PAGE } from './hydrate';
import { renderPage } from './prerender';
import { takeOver } from './take-over';

let mounted: { root: HTMLElement; reactRoot: Root } | undefined;
afterEach(() => {
  act(() => mounted?.reactRoot.unmount());
  mounted?.root.remove();
  mounted = undefined;
  window.history.replaceState(null, '', '/');
});

/** A document's `#root` as the server sends the page: the build's HTML for `path`, marked as the build marks it. */
async function servedPage(path: string, marker: string): Promise<HTMLElement> {
  await preloadPage(path);
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.firstScreen = marker;
  root.innerHTML = renderPage(path).html;
  document.body.append(root);
  return root;
}

async function takeOverAt(address: string, root: HTMLElement): Promise<unknown[]> {
  window.history.replaceState(null, '', address);
  const failures: unknown[] = [];
  const app = <App swr={{ provider: () => new Map(), dedupingInterval: 0, errorRetryCount: 0 }} />;
  await act(async () => {
    mounted = { root, reactRoot: takeOver(root, app, { onRecoverableError: (error) => failures.push(error) }) };
  });
  await waitFor(() => expect(root.dataset.firstScreen).toBeUndefined());
  return failures;
}

describe('the app over a page the build prerendered whole', () => {
  it.each(['/', '/all-cases', '/login-or-register', '/terms'])(
    'hydrates %s: the same elements stay, and React gives up nothing',
    async (path) => {
      const root = await servedPage(path, WHOLE_PAGE);
      const first = root.firstElementChild;
      const failures = await takeOverAt(path, root);
      expect(failures).toEqual([]);
      expect(root.firstElementChild).toBe(first);
    },
  );

  it('replaces it at an address with a query, which the prerender did not draw', async () => {
    const root = await servedPage('/all-cases', WHOLE_PAGE);
    const first = root.firstElementChild;
    expect(await takeOverAt('/all-cases?level=primary', root)).toEqual([]);
    expect(root.firstElementChild).not.toBe(first);
    expect(root.firstElementChild).not.toBeNull();
  });

  it('replaces a page whose form was typed into before the app came: the form starts as it shows, empty', async () => {
    const root = await servedPage('/login-or-register', WHOLE_PAGE);
    const phone = root.querySelector<HTMLInputElement>('input[type="tel"]');
    expect(phone).not.toBeNull();
    if (phone) phone.value = '61234567';
    const first = root.firstElementChild;
    expect(await takeOverAt('/login-or-register', root)).toEqual([]);
    expect(root.firstElementChild).not.toBe(first);
    expect(root.querySelector<HTMLInputElement>('input[type="tel"]')?.value).toBe('');
  });

  it("replaces the frame's content, which is not the app's render of the page", async () => {
    const root = await servedPage('/', '');
    const first = root.firstElementChild;
    expect(await takeOverAt('/', root)).toEqual([]);
    expect(root.firstElementChild).not.toBe(first);
  });
});
