import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewBody, ReviewEligibility } from '@/api/generated/model';
import { makeTutor } from '@/testing/fixtures';
import { stubResizeObserver } from '@/testing/resize-observer';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { TutorReviews } from './TutorReviews';

const tutor = makeTutor();
const parent = makeCurrentUser();

const review: ReviewBody = {
  reviewId: 31,
  rating: 4,
  text: '講解清楚\n準時',
  authorName: '黃*',
  lessons: 6,
  createdAt: '2026-11-10T04:00:00Z',
};

/** The server's reviews of `tutor` and the caller's eligibility; a review or reply changes them as it would. */
function serve(items: ReviewBody[], eligibility: ReviewEligibility) {
  const sent: unknown[] = [];
  let current = eligibility;
  let list = items;
  server.use(
    http.get(`*/tutors/${tutor.id}/reviews`, () => {
      const count = list.length;
      const average = count ? list.reduce((sum, r) => sum + r.rating, 0) / count : undefined;
      return HttpResponse.json({
        items: list,
        total: count,
        page: 1,
        pageSize: 5,
        reviewCount: count,
        averageRating: average,
      });
    }),
    http.get(`*/tutors/${tutor.id}/review-eligibility`, () => HttpResponse.json(current)),
    http.post(`*/tutors/${tutor.id}/reviews`, async ({ request }) => {
      const body = (await request.json()) as { rating: number; text: string };
      sent.push(body);
      const created = { ...review, reviewId: 32, rating: body.rating, text: body.text, authorName: '陳*' };
      list = [created, ...list];
      current = { status: 'already-reviewed', reviewId: 32 };
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('*/reviews/:id/reply', async ({ request, params }) => {
      const body = (await request.json()) as { text: string };
      sent.push({ reply: params.id, ...body });
      list = list.map((r) =>
        r.reviewId === Number(params.id) ? { ...r, reply: { text: body.text, repliedAt: '2026-11-20T00:00:00Z' } } : r,
      );
      return HttpResponse.json(list[0]);
    }),
    http.post('*/reviews/:id/reports', async ({ request, params }) => {
      sent.push({ report: params.id, ...((await request.json()) as object) });
      return HttpResponse.json({ received: true });
    }),
  );
  return sent;
}

beforeAll(stubResizeObserver);

describe('學生及家長評價', () => {
  it('lists the reviews with stars, masked author, date and words, for anyone', async () => {
    serve([review], { status: 'no-lessons' });
    renderWithProviders(<TutorReviews tutor={tutor} />);
    const item = await screen.findByTestId('review');
    expect(within(item).getByText('黃*・2026年11月10日・上了 6 堂後評價')).toBeInTheDocument();
    expect(within(item).getByText(/講解清楚/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '平均 4.0 星，共 1 則評價' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '評價這位導師' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /舉報/ })).not.toBeInTheDocument();
  });

  it('lets a parent the server allows rate the tutor: stars and words are required, then it is listed', async () => {
    loggedInAs(parent);
    const sent = serve([], { status: 'can-review' });
    renderWithProviders(<TutorReviews tutor={tutor} />);
    const form = await screen.findByRole('form', { name: '評價這位導師' });
    await userEvent.click(within(form).getByRole('button', { name: '提交評價' }));
    expect(await within(form).findByText('請選擇評分')).toBeInTheDocument();
    expect(within(form).getByText('請填寫評價內容')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(within(form).getByRole('radio', { name: '5 星' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /評價內容/ }), '講解清楚，女兒物理進步了');
    await userEvent.click(within(form).getByRole('button', { name: '提交評價' }));
    // The thanks where the form was, focused (and scrolled to) as it appears.
    const thanks = await screen.findByText('評價已刊登，多謝你的分享！');
    await waitFor(() => expect(thanks.closest('[role="status"]')).toHaveFocus());
    expect(sent).toEqual([{ rating: 5, text: '講解清楚，女兒物理進步了' }]);
    expect(await screen.findByText('講解清楚，女兒物理進步了')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '評價這位導師' })).not.toBeInTheDocument();
  });

  it("offers to report others' reviews but not one's own", async () => {
    loggedInAs(parent);
    const own = { ...review, reviewId: 32, authorName: '陳*', text: '我的評價' };
    serve([own, review], { status: 'already-reviewed', reviewId: 32 });
    renderWithProviders(<TutorReviews tutor={tutor} />);
    const [mine, other] = (await screen.findAllByTestId('review')) as [HTMLElement, HTMLElement];
    expect(await within(other).findByRole('button', { name: '舉報黃*的評價' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /舉報/ })).not.toBeInTheDocument();
  });

  it('shows the empty state of a tutor with no reviews yet', async () => {
    serve([], { status: 'no-lessons' });
    renderWithProviders(<TutorReviews tutor={tutor} />);
    expect(await screen.findByRole('status')).toHaveTextContent('暫時未有評價。');
  });

  it('offers no form without a confirmed lesson, and says what each review rests on', async () => {
    loggedInAs(parent);
    serve([review], { status: 'no-lessons' });
    renderWithProviders(<TutorReviews tutor={tutor} />);
    expect(await screen.findByText('黃*・2026年11月10日・上了 6 堂後評價')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: '評價這位導師' })).not.toBeInTheDocument();
  });

  it('lets the tutor reply once, and members report with a reason', async () => {
    loggedInAs(makeCurrentUser({ id: tutor.id, role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    const sent = serve([review], { status: 'own-profile' });
    renderWithProviders(<TutorReviews tutor={tutor} />);
    const item = await screen.findByTestId('review');
    await userEvent.type(await within(item).findByRole('textbox', { name: /回覆這則評價/ }), '多謝支持');
    await userEvent.click(within(item).getByRole('button', { name: '回覆' }));
    expect(await within(item).findByText('導師回覆')).toBeInTheDocument();
    expect(within(item).queryByRole('textbox', { name: /回覆這則評價/ })).not.toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: '舉報黃*的評價' }));
    const dialog = await screen.findByRole('dialog', { name: '舉報這則評價' });
    const submit = within(dialog).getByRole('button', { name: '提交舉報' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /舉報原因/ }), '內容不實');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('已收到你的舉報，我們會盡快跟進。')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent).toEqual([
        { reply: '31', text: '多謝支持' },
        { report: '31', reason: '內容不實' },
      ]),
    );
  });
});
