import { expect } from '@playwright/test';
import { readOutbox } from './outbox';

/**
 * The 6-digit code of the newest SMS to `phone` (8 local digits), waiting for it to arrive,
 * as the user would read it on their phone.
 */
export async function smsCodeFor(phone: string): Promise<string> {
  const to = `+852${phone}`;
  let code = '';
  await expect
    .poll(() => {
      const last = readOutbox('sms')
        .filter((sms) => sms.to === to)
        .at(-1);
      code = last?.body.match(/\d{6}/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
