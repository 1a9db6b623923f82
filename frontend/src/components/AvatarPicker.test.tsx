import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '@/lib/avatar';
import { stubObjectUrls } from '@/testing/object-url';
import { renderWithProviders } from '@/testing/render';
import { AvatarPicker } from './AvatarPicker';

/** The picker as a form holds it: the kept file, and the message of a refused one. */
function Harness({ currentSrc }: { currentSrc?: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  return (
    <AvatarPicker
      label="頭像"
      file={file}
      currentSrc={currentSrc}
      error={error}
      onChange={(next) => {
        setFile(next);
        setError(undefined);
      }}
      onRefused={setError}
    />
  );
}

const input = () => screen.getByLabelText(/^頭像/, { selector: 'input[type="file"]' });
const png = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('AvatarPicker', () => {
  it('previews the picked image round, and frees each preview once replaced or gone', async () => {
    const urls = stubObjectUrls();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Harness />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(input()).toHaveAccessibleName('頭像 上載頭像');

    await user.upload(input(), png('first.png'));
    expect(await screen.findByRole('img', { name: '頭像預覽' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('已選擇：first.png（1 KB）')).toBeInTheDocument();
    expect(input()).toHaveAccessibleName('頭像 更換頭像');

    await user.upload(input(), png('second.png'));
    expect(await screen.findByRole('img', { name: '頭像預覽' })).toHaveAttribute('src', 'blob:preview-2');
    expect(urls.revoked).toEqual(['blob:preview-1']);
    unmount();
    expect(urls.revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
  });

  it('shows the stored avatar until another is picked', async () => {
    stubObjectUrls();
    const user = userEvent.setup();
    renderWithProviders(<Harness currentSrc="/media/avatars/me.png" />);
    expect(await screen.findByRole('img', { name: '目前的頭像' })).toHaveAttribute('src', '/media/avatars/me.png');
    await user.upload(input(), png('new.png'));
    expect(await screen.findByRole('img', { name: '頭像預覽' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.queryByRole('img', { name: '目前的頭像' })).not.toBeInTheDocument();
  });

  it('refuses a file of another type or over 5 MB, and keeps no preview of it', async () => {
    const urls = stubObjectUrls();
    // The browser's own `accept` filter is off here, as a file dialog's "all files" would be.
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<Harness />);
    await user.upload(input(), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('頭像只接受 JPEG、PNG 或 WebP 圖片')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');

    await user.upload(input(), png('big.png', MAX_AVATAR_BYTES + 1));
    expect(await screen.findByText('頭像檔案超過大小上限（最大 5MB）')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(urls.created).toEqual([]);

    await user.upload(input(), png('ok.png'));
    expect(await screen.findByRole('img', { name: '頭像預覽' })).toBeInTheDocument();
    expect(screen.queryByText('頭像檔案超過大小上限（最大 5MB）')).not.toBeInTheDocument();
  });
});
