import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { InvitationSwitch } from './InvitationSwitch';

describe('個案邀請 switch', () => {
  it('shows the stored setting and turns invitations off and on again', async () => {
    loggedInAs(makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    let accepting = true;
    const sent: boolean[] = [];
    let reads = 0;
    server.use(
      http.get('*/self-users/me/invitation-settings', () => ((reads += 1), HttpResponse.json({ accepting }))),
      http.put('*/self-users/me/invitation-settings', async ({ request }) => {
        accepting = ((await request.json()) as { accepting: boolean }).accepting;
        sent.push(accepting);
        return HttpResponse.json({ accepting });
      }),
    );
    renderWithProviders(<InvitationSwitch />);
    const toggle = await screen.findByRole('switch', { name: '接受學生、家長或機構邀請我申請個案' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(sent).toEqual([false, true]);
    // Each answer is the new setting: the PUT, whose key is the read's, does not read it again.
    expect(reads).toBe(1);
  });

  it('keeps the setting and says why when saving fails', async () => {
    loggedInAs(makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    server.use(
      http.get('*/self-users/me/invitation-settings', () => HttpResponse.json({ accepting: true })),
      http.put('*/self-users/me/invitation-settings', () => HttpResponse.json({}, { status: 503 })),
    );
    renderWithProviders(<InvitationSwitch />);
    const toggle = await screen.findByRole('switch', { name: '接受學生、家長或機構邀請我申請個案' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('未能更新設定，請稍後再試。')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });
});
