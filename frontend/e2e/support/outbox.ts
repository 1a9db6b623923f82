import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One message the server "sent": a JSON line of `DATA_DIR/outbox/{sms,mail}.jsonl`. */
export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
}

/** Every message in one outbox of the server under test, oldest first. */
export function readOutbox(kind: 'sms' | 'mail'): OutboxMessage[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through scripts/e2e.sh');
  let text = '';
  try {
    text = readFileSync(join(dataDir, 'outbox', `${kind}.jsonl`), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMessage);
}
