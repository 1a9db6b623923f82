import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SuggestedTutor } from '@/api/generated/model';
import { makeTutor } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { SuggestedTutors } from './SuggestedTutors';

function suggestion(id: string, name: string, extra: Partial<SuggestedTutor> = {}): SuggestedTutor {
  return {
    tutor: makeTutor({ id, name }),
    score: 90,
    reasons: ['subject', 'district', 'fee'],
    invited: false,
    acceptsInvitations: true,
    ...extra,
  };
}

/** The server's list for case 10001, which an invitation changes as the server would. */
function serveSuggestions(items: SuggestedTutor[], refuse?: { status: number; error: string }) {
  const invited: unknown[] = [];
  server.use(
    http.get('*/cases/10001/suggested-tutors', () =>
      HttpResponse.json({ items: items.map((i) => ({ ...i, invited: i.invited || invited.includes(i.tutor.id) })) }),
    ),
    http.post('*/cases/10001/invitations', async ({ request }) => {
      const { tutorId } = (await request.json()) as { tutorId: string };
      if (refuse)
        return HttpResponse.json({ code: 'INVITATION_LIMIT', error: refuse.error }, { status: refuse.status });
      invited.push(tutorId);
      return HttpResponse.json({ caseId: 10001, tutorId });
    }),
  );
  return invited;
}

describe('可能合適的導師', () => {
  it('lists the fitting tutors with why, and invites one, who then reads as invited', async () => {
    loggedInAs(makeCurrentUser());
    const invited = serveSuggestions([
      suggestion('t-1', '黃老師'),
      suggestion('t-2', '李老師', { invited: true }),
      suggestion('t-3', '張老師', { acceptsInvitations: false, reasons: ['level', 'region'] }),
    ]);
    renderWithProviders(<SuggestedTutors caseId={10001} />);
    const [wong, lee, cheung] = (await screen.findAllByTestId('suggested-tutor')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(wong).getByText('科目、地區、學費吻合')).toBeInTheDocument();
    expect(within(lee).getByText('已邀請')).toBeInTheDocument();
    expect(within(cheung).getByText('導師暫不接受邀請')).toBeInTheDocument();
    expect(within(cheung).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(wong).getByRole('button', { name: '邀請黃老師申請這個個案' }));
    await waitFor(() => expect(within(wong).getByText('已邀請')).toBeInTheDocument());
    expect(invited).toEqual(['t-1']);
  });

  it('shows the server’s refusal, word for word', async () => {
    loggedInAs(makeCurrentUser());
    serveSuggestions([suggestion('t-1', '黃老師')], { status: 409, error: '每個個案最多可邀請 10 位導師' });
    renderWithProviders(<SuggestedTutors caseId={10001} />);
    await userEvent.click(await screen.findByRole('button', { name: '邀請黃老師申請這個個案' }));
    expect(await screen.findByText('每個個案最多可邀請 10 位導師')).toBeInTheDocument();
  });

  it('says so when no tutor fits', async () => {
    loggedInAs(makeCurrentUser());
    renderWithProviders(<SuggestedTutors caseId={10001} />);
    expect(await screen.findByText('暫時未有合適而未申請的導師。')).toBeInTheDocument();
  });
});
