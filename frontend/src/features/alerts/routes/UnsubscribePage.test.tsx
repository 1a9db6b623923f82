import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';

describe('/u/{token}', () => {
  it('stops the alert once, without a login, says which, and sends resuming to the alerts page', async () => {
    const tokens: string[] = [];
    server.use(
      http.post('*/alerts/unsubscribe', async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token);
        return HttpResponse.json({ summary: '中學・物理' });
      }),
    );
    renderRoute('/u/12-00aa11bb22cc33dd');
    expect(await screen.findByText('已停止「中學・物理」的個案通知。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '到個案通知恢復或管理' })).toHaveAttribute('href', '/my-alerts');
    expect(tokens).toEqual(['12-00aa11bb22cc33dd']);
  });

  it('tells a link the server does not know from a failure to try again later', async () => {
    server.use(
      http.post('*/alerts/unsubscribe', () =>
        HttpResponse.json({ code: 'NOT_FOUND', error: '這條停止通知的連結無效，或這個搜尋已被刪除' }, { status: 404 }),
      ),
    );
    renderRoute('/u/12-forged');
    expect(await screen.findByText('這條停止通知的連結無效，或這個搜尋已被刪除。')).toBeInTheDocument();
    server.use(http.post('*/alerts/unsubscribe', () => HttpResponse.json({}, { status: 503 })));
    renderRoute('/u/13-00aa11bb22cc33dd');
    expect(await screen.findByText('未能停止通知，請稍後再試。')).toBeInTheDocument();
  });
});
