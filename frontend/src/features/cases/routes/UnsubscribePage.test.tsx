import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';

describe('/u/{token}', () => {
  it('stops the alert once, without a login, and says which', async () => {
    const tokens: string[] = [];
    server.use(
      http.post('*/alerts/unsubscribe', async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token);
        return HttpResponse.json({ summary: '中學・物理' });
      }),
    );
    renderRoute('/u/12-00aa11bb22cc33dd');
    expect(await screen.findByText('已停止「中學・物理」的個案通知。')).toBeInTheDocument();
    expect(tokens).toEqual(['12-00aa11bb22cc33dd']);
  });

  it('says when the link is not valid any more', async () => {
    server.use(
      http.post('*/alerts/unsubscribe', () =>
        HttpResponse.json({ code: 'NOT_FOUND', error: '這條停止通知的連結無效或已使用' }, { status: 404 }),
      ),
    );
    renderRoute('/u/12-forged');
    expect(await screen.findByText('這條停止通知的連結無效或已使用。')).toBeInTheDocument();
  });
});
