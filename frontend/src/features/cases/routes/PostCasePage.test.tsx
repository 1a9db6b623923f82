import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeCase } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';

const stored = { ...makeCase({ caseId: 10234, status: 'pending' }), description: '希望提升代數', mine: true };

describe('/post-case', () => {
  it('without a login says so and goes to /login-or-register after 2 s', async () => {
    const { router } = renderRoute('/post-case');
    expect(await screen.findByText('請先登入再刊登補習個案！')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/post-case');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'), { timeout: 3500 });
  });

  it('shows every field with the defaults and refuses an empty form before calling the server', async () => {
    loggedInAs();
    const posts: unknown[] = [];
    server.use(
      http.post('*/cases', async ({ request }) => (posts.push(await request.json()), HttpResponse.json(stored))),
    );
    const user = userEvent.setup();
    renderRoute('/post-case');
    expect(await screen.findByRole('heading', { name: '新增補習個案' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '個案類型' })).toHaveValue('student-seeking-tutor');
    expect(screen.getByRole('option', { name: '導師招學生' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: '導師性別要求' })).toHaveValue('no limit');
    await user.click(screen.getByRole('button', { name: '刊登個案' }));
    expect(await screen.findByText('請填寫標題')).toBeInTheDocument();
    expect(screen.getByText('請填寫科目')).toBeInTheDocument();
    expect(posts).toEqual([]);
    // The first missing field has the focus, so a phone shows it and opens the keyboard there.
    await waitFor(() => expect(screen.getByRole('textbox', { name: '標題' })).toHaveFocus());
  });

  it('with the title filled, focuses the next missing field', async () => {
    loggedInAs();
    const user = userEvent.setup();
    renderRoute('/post-case');
    await user.type(await screen.findByRole('textbox', { name: '標題' }), '中三數學');
    await user.click(screen.getByRole('button', { name: '刊登個案' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: '教育程度' })).toHaveFocus());
  });

  it('lets a tutor choose tutor-seeking-student', async () => {
    loggedInAs(makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true }));
    renderRoute('/post-case');
    expect(await screen.findByRole('option', { name: '導師招學生' })).toBeEnabled();
  });

  it('in edit mode loads the case first, saves it with PUT, then shows it on /my-cases with what happens next', async () => {
    loggedInAs();
    const puts: Record<string, unknown>[] = [];
    let reads = 0;
    server.use(
      http.get('*/cases/10234', () => ((reads += 1), HttpResponse.json(stored))),
      http.put('*/cases/10234', async ({ request }) => {
        puts.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(stored);
      }),
      http.get('*/cases/mine', () => HttpResponse.json({ items: [stored], total: 1, page: 1, pageSize: 100 })),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/post-case/10234');
    expect(await screen.findByRole('heading', { name: '更新補習個案' })).toBeInTheDocument();
    const title = await screen.findByRole('textbox', { name: '標題' });
    expect(title).toHaveValue('中三數學補習');
    await user.clear(title);
    await user.type(title, '中三數學（代數）');
    await user.click(screen.getByRole('button', { name: '更新個案' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cases'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '個案更新成功！ 審批通過後會公開給導師申請；有導師申請時，我們會以短訊通知你。',
    );
    const saved = await screen.findByTestId('my-case');
    expect(saved).toHaveAttribute('aria-current', 'true');
    expect(puts[0]).toMatchObject({
      postTitle: '中三數學（代數）',
      level: 'secondary',
      grade: '中三',
      subjects: ['數學'],
      location: '藍田',
      rate: 300,
    });
    // The PUT's key is the loaded case's: leaving, the page does not read the case again.
    expect(reads).toBe(1);
  });

  it('tells someone who did not post the case that they cannot edit it, instead of a form', async () => {
    loggedInAs();
    server.use(http.get('*/cases/10234', () => HttpResponse.json({ ...stored, status: 'approved', mine: false })));
    renderRoute('/post-case/10234');
    expect(await screen.findByText('只有刊登這個個案的用戶可以修改。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看個案' })).toHaveAttribute('href', '/case/10234');
    expect(screen.queryByRole('textbox', { name: '標題' })).not.toBeInTheDocument();
  });

  it('shows the server error in a red banner and keeps what was typed', async () => {
    loggedInAs();
    server.use(
      http.get('*/cases/10234', () => HttpResponse.json(stored)),
      http.put('*/cases/10234', () =>
        HttpResponse.json({ code: 'NOT_OWNER', error: '只有個案的刊登者可以修改這個個案' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/post-case/10234');
    await user.click(await screen.findByRole('button', { name: '更新個案' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('只有個案的刊登者可以修改這個個案');
    expect(screen.getByRole('textbox', { name: '標題' })).toHaveValue('中三數學補習');
  });
});
