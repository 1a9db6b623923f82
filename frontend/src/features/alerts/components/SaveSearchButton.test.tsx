import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { stubResizeObserver } from '@/testing/resize-observer';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';
import { emptyCaseFilters } from '@/lib/case-filters';
import { SaveSearchButton } from './SaveSearchButton';

const filters = { ...emptyCaseFilters, level: 'secondary', subjects: ['數學'], districts: ['觀塘區'] };
const activeTutor = makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true });

beforeAll(stubResizeObserver);

describe('有新個案通知我', () => {
  it('saves the applied filters with keywords and the chosen channel', async () => {
    loggedInAs(activeTutor);
    const sent: unknown[] = [];
    server.use(
      http.post('*/alerts', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ searchId: 1, summary: '中學・數學・觀塘區' }, { status: 201 });
      }),
    );
    renderWithProviders(<SaveSearchButton filters={filters} />);
    await userEvent.click(await screen.findByRole('button', { name: '有新個案通知我' }));
    const dialog = await screen.findByRole('dialog', { name: '有新個案時通知我' });
    expect(await within(dialog).findByText('中學・數學・觀塘區')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /關鍵字/ }), 'DSE');
    await userEvent.click(within(dialog).getByRole('radio', { name: '電郵' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '儲存並通知我' }));
    expect(await within(dialog).findByText(/已儲存。有符合的新個案時，我們會通知你。/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '管理個案通知' })).toHaveAttribute('href', '/my-alerts');
    expect(sent).toEqual([
      { level: 'secondary', subjects: ['數學'], districts: ['觀塘區'], keywords: 'DSE', channel: 'email' },
    ]);
  });

  it('starts with the words searched as its keywords', async () => {
    loggedInAs(activeTutor);
    const sent: unknown[] = [];
    server.use(
      http.post('*/alerts', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ searchId: 2, summary: '中學・關鍵字：dse 數學' }, { status: 201 });
      }),
    );
    renderWithProviders(<SaveSearchButton filters={{ ...emptyCaseFilters, level: 'secondary', q: ' DSE 數學 ' }} />);
    await userEvent.click(await screen.findByRole('button', { name: '有新個案通知我' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /關鍵字/ })).toHaveValue('DSE 數學');
    await userEvent.click(within(dialog).getByRole('button', { name: '儲存並通知我' }));
    await within(dialog).findByText(/已儲存/);
    expect(sent).toEqual([{ level: 'secondary', keywords: 'DSE 數學', channel: 'sms' }]);
  });

  it('shows the server’s word on the keywords, and its refusal otherwise', async () => {
    loggedInAs(activeTutor);
    let answer = HttpResponse.json(
      {
        code: 'VALIDATION_FAILED',
        error: '輸入資料有誤',
        errors: [{ field: 'keywords', message: '關鍵字最多 5 個' }],
      },
      { status: 400 },
    );
    server.use(http.post('*/alerts', () => answer));
    renderWithProviders(<SaveSearchButton filters={filters} />);
    await userEvent.click(await screen.findByRole('button', { name: '有新個案通知我' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '儲存並通知我' }));
    expect(await within(dialog).findByText('關鍵字最多 5 個')).toBeInTheDocument();
    answer = HttpResponse.json({ code: 'SAVED_SEARCH_LIMIT', error: '每位導師最多可儲存 10 個搜尋' }, { status: 409 });
    await userEvent.click(within(dialog).getByRole('button', { name: '儲存並通知我' }));
    expect(await within(dialog).findByText('儲存失敗：每位導師最多可儲存 10 個搜尋')).toBeInTheDocument();
  });

  it('is not offered to a member who is not an active tutor', async () => {
    loggedInAs(makeCurrentUser());
    renderWithProviders(<SaveSearchButton filters={filters} />);
    await screen.findByText((_, node) => node?.tagName === 'BODY');
    expect(screen.queryByRole('button', { name: '有新個案通知我' })).not.toBeInTheDocument();
  });
});
