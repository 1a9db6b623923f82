import { expect } from '@playwright/test';
import { readOutbox } from './outbox';

/** The path and query of the newest reset link mailed to `email`, waiting for the mail to arrive. */
export async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const last = readOutbox('mail')
        .filter((mail) => mail.to === email)
        .at(-1);
      const url = last?.body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
      link = url ? new URL(url).pathname + new URL(url).search : '';
      return link;
    })
    .toMatch(/^\/reset-password\?token=/);
  return link;
}
