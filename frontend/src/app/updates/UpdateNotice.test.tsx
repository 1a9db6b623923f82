import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider } from '@fluentui/react-components';
import { stubResizeObserver } from '@/testing/resize-observer';
import { UpdateNotice } from './UpdateNotice';

beforeAll(stubResizeObserver);

const OWN_ENTRY = '/assets/index-old.js';

/** The parts of navigator.serviceWorker the notice uses. */
function fakeContainer(): ServiceWorkerContainer {
  return new EventTarget() as unknown as ServiceWorkerContainer;
}

function activated(container: ServiceWorkerContainer, files: string[]) {
  act(() => {
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'tutorhub-activated', files } }));
  });
}

function show(container: ServiceWorkerContainer, reload = vi.fn()) {
  render(
    <FluentProvider>
      <UpdateNotice container={container} entryScript={OWN_ENTRY} reload={reload} />
    </FluentProvider>,
  );
  return reload;
}

const notice = () => screen.queryByText(/tutorhub 已更新/);

describe('UpdateNotice', () => {
  it('offers to reload when a version built from other files takes over', async () => {
    const container = fakeContainer();
    const reload = show(container);
    expect(notice()).not.toBeInTheDocument();
    activated(container, ['/offline.html', '/assets/index-new.js']);
    // The bar's code loads when there is something to say.
    expect(await screen.findByText(/tutorhub 已更新/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新載入' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stays quiet when the page already runs the version that took over', () => {
    const container = fakeContainer();
    show(container);
    activated(container, ['/offline.html', OWN_ENTRY]);
    expect(notice()).not.toBeInTheDocument();
  });

  it('ignores other messages and can be put off', async () => {
    const container = fakeContainer();
    show(container);
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    });
    expect(notice()).not.toBeInTheDocument();
    activated(container, ['/assets/index-new.js']);
    await userEvent.click(await screen.findByRole('button', { name: '稍後' }));
    expect(notice()).not.toBeInTheDocument();
  });
});
