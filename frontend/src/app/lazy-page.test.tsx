import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Hello({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

function inSuspense(ui: React.ReactNode) {
  return render(<Suspense fallback={<p>載入中</p>}>{ui}</Suspense>);
}

describe('lazyPage', () => {
  it('shows the fallback while its code loads on first render', async () => {
    const Page = lazyPage(async () => Hello);
    inSuspense(<Page name="陳太" />);
    expect(screen.getByText('載入中')).toBeInTheDocument();
    expect(await screen.findByText('你好，陳太')).toBeInTheDocument();
  });

  it('renders at once when loaded ahead, loading its code once', async () => {
    const load = vi.fn(async () => Hello);
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    inSuspense(<Page name="陳太" />);
    expect(screen.getByText('你好，陳太')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('may load again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(Hello);
    const Page = lazyPage<{ name: string }>(load);
    await expect(Page.preload()).rejects.toThrow('chunk gone');
    await Page.preload();
    inSuspense(<Page name="陳太" />);
    expect(screen.getByText('你好，陳太')).toBeInTheDocument();
  });
});
