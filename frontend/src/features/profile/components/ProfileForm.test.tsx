import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubObjectUrls } from '@/testing/object-url';
import { renderWithProviders } from '@/testing/render';
import { stubResizeObserver } from '@/testing/resize-observer';
import { server } from '@/testing/server';
import { makeCurrentUser } from '@/testing/session';
import { ProfileForm } from './ProfileForm';

beforeAll(stubResizeObserver);

const tutor = makeCurrentUser({ isTutor: true, name: '李老師', avatar: '/media/avatars/old.png' });

describe('ProfileForm avatar', () => {
  it('shows the current avatar, previews a new one and sends it with the name', async () => {
    stubObjectUrls();
    let sent: FormData | undefined;
    server.use(
      http.get('*/users/me', () => HttpResponse.json(tutor)),
      http.put('*/users/:id', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json(tutor);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm withAvatar />);
    expect(await screen.findByRole('img', { name: '目前的頭像' })).toHaveAttribute('src', '/media/avatars/old.png');

    const input = screen.getByLabelText(/^頭像/, { selector: 'input[type="file"]' });
    await user.upload(input, new File([new Uint8Array(4)], 'new.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: '頭像預覽' })).toHaveAttribute('src', 'blob:preview-1');

    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(await screen.findByText('個人資料已更新')).toBeInTheDocument();
    expect(sent?.get('name')).toBe('李老師');
    expect(typeof sent?.get('avatar')).toBe('object');
  }, 30_000);

  it('refuses a file that is not an image it accepts, and sends nothing for it', async () => {
    stubObjectUrls();
    server.use(http.get('*/users/me', () => HttpResponse.json(tutor)));
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ProfileForm withAvatar />);
    const input = await screen.findByLabelText(/^頭像/, { selector: 'input[type="file"]' });
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('頭像只接受 JPEG、PNG 或 WebP 圖片')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '目前的頭像' })).toBeInTheDocument();
  });
});
