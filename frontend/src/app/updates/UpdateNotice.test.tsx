import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider } from '@fluentui/react-components';
import { stubResizeObserver } from '@/testing/resize-observer';
import { UpdateNotice } from './UpdateNotice';

beforeAll(stubResizeObserver);

/** The parts of navigator.serviceWorker the notice uses. */
function fakeContainer(controlled: boolean): ServiceWorkerContainer {
  const events = new EventTarget();
  return Object.assign(events, {
    controller: controlled ? ({} as ServiceWorker) : null,
  }) as unknown as ServiceWorkerContainer;
}

function show(container: ServiceWorkerContainer, reload = vi.fn()) {
  render(
    <FluentProvider>
      <UpdateNotice container={container} reload={reload} />
    </FluentProvider>,
  );
  return reload;
}

describe('UpdateNotice', () => {
  it('offers to reload once a new version takes over an open page', async () => {
    const container = fakeContainer(true);
    const reload = show(container);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('tutorhub 已更新');
    await userEvent.click(screen.getByRole('button', { name: '重新載入' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stays quiet on a first visit, when the first version takes control', () => {
    const container = fakeContainer(false);
    show(container);
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('can be put off', async () => {
    const container = fakeContainer(true);
    show(container);
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    await userEvent.click(screen.getByRole('button', { name: '稍後' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
