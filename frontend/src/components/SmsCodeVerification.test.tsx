import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { authZhHK } from '@/i18n/auth-zh-HK';
import { stubResizeObserver } from '@/testing/resize-observer';
import { server } from '@/testing/server';
import { renderWithProviders } from '@/testing/render';
import { SmsCodeVerification } from './SmsCodeVerification';

beforeAll(stubResizeObserver);

describe('SmsCodeVerification', () => {
  it('shows the server message of a provider outage (503) and lets the user send again at once', async () => {
    const outage = '短訊暫時未能發送，請稍後再試';
    let calls = 0;
    server.use(
      http.post('*/sms/send-code', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'SMS_UNAVAILABLE', error: outage }, { status: 503 })
          : HttpResponse.json({ message: '驗證碼已發送' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SmsCodeVerification phone="91234567" verified={false} onVerified={() => {}} />);
    const v = authZhHK.phoneVerification;

    await user.click(screen.getByRole('button', { name: v.sendCode }));
    expect(await screen.findByRole('alert')).toHaveTextContent(outage);
    // No countdown after a failed send: the button is ready again.
    const again = screen.getByRole('button', { name: v.sendCode });
    expect(again).toBeEnabled();

    await user.click(again);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: v.resendIn(60) })).toBeDisabled();
    expect(calls).toBe(2);
  });

  it('hands the verification token of a correct code to the form, which must send it', async () => {
    server.use(
      http.post('*/sms/send-code', () => HttpResponse.json({ message: '驗證碼已發送' })),
      http.post('*/sms/verify-code', () =>
        HttpResponse.json({ message: '電話號碼已驗證！', verificationToken: 'grant-secret' }),
      ),
    );
    const tokens: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <SmsCodeVerification phone="91234567" verified={false} onVerified={(token) => tokens.push(token)} />,
    );
    const v = authZhHK.phoneVerification;
    await user.click(screen.getByRole('button', { name: v.sendCode }));
    await user.type(await screen.findByRole('textbox', { name: new RegExp(v.code) }), '123456');
    await user.click(screen.getByRole('button', { name: v.verify }));
    await waitFor(() => expect(tokens).toEqual(['grant-secret']));
  });
});
