import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/generated/model';
import { stubResizeObserver } from '@/testing/resize-observer';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, rejectedOrganization } from '@/testing/session';

beforeAll(stubResizeObserver);

/** Serves the rejectedOrganization account until a resubmission succeeds, then the pending one. */
function serveAccount(): { current: CurrentUser } {
  const state = { current: rejectedOrganization };
  server.use(http.get('*/users/me', () => HttpResponse.json(state.current)));
  server.use(http.get('*/self-users/me', () => HttpResponse.json(state.current)));
  return state;
}

async function resubmissionForm(): Promise<HTMLElement> {
  return screen.findByRole('form', { name: '重新提交文件' });
}

describe('a rejected organization resubmits its documents', () => {
  it('sends only the replaced document, then shows the account pending again', async () => {
    loggedInAs(rejectedOrganization);
    const state = serveAccount();
    const sent: string[][] = [];
    server.use(
      http.post('*/self-users/me/org-documents', async ({ request }) => {
        const body = await request.formData();
        sent.push([...body.keys()]);
        state.current = { ...rejectedOrganization, orgVerification: 'pending', orgRejectionReason: undefined };
        return HttpResponse.json(state.current);
      }),
    );
    const user = userEvent.setup();
    renderRoute('/edit-profile');
    const form = await resubmissionForm();

    // Nothing chosen: the rule is shown and nothing is sent.
    await user.click(within(form).getByRole('button', { name: '提交新文件' }));
    expect(await within(form).findByText('請上載最少一份新文件')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.upload(within(form).getByLabelText('地址證明'), new File(['png'], 'proof.png', { type: 'image/png' }));
    expect(within(form).queryByText('請上載最少一份新文件')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '提交新文件' }));

    expect(await screen.findByText('已收到你的新文件，我們會重新審批，結果會以短訊通知你。')).toBeInTheDocument();
    expect(sent).toEqual([['addressProof']]);
    expect(await screen.findByText('機構認證：審批中')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: '重新提交文件' })).not.toBeInTheDocument());
  });

  it('keeps the chosen files and shows the server’s field message when it refuses one', async () => {
    loggedInAs(rejectedOrganization);
    serveAccount();
    server.use(
      http.post('*/self-users/me/org-documents', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            error: '地址證明：文件只接受 PDF、JPEG 或 PNG 格式',
            errors: [{ field: 'addressProof', message: '地址證明：文件只接受 PDF、JPEG 或 PNG 格式' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/profile');
    const form = await resubmissionForm();
    await user.upload(
      within(form).getByLabelText('地址證明'),
      new File(['not really'], 'proof.png', { type: 'image/png' }),
    );
    await user.click(within(form).getByRole('button', { name: '提交新文件' }));

    // Each error once: under the field, not again in a red banner.
    await waitFor(() =>
      expect(within(form).getAllByText('地址證明：文件只接受 PDF、JPEG 或 PNG 格式')).toHaveLength(1),
    );
    expect(within(form).getByText(/proof\.png/)).toBeInTheDocument();
    expect(screen.getByText('機構認證：未獲認證')).toBeInTheDocument();
  });

  it('is not offered to a pending organization', async () => {
    const pending: CurrentUser = { ...rejectedOrganization, orgVerification: 'pending', orgRejectionReason: undefined };
    loggedInAs(pending);
    server.use(http.get('*/users/me', () => HttpResponse.json(pending)));
    renderRoute('/edit-profile');
    expect(await screen.findByText('機構認證：審批中')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '重新提交文件' })).not.toBeInTheDocument();
  });
});
