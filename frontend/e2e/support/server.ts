import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect } from '@playwright/test';

/** A second `tutorhub serve` on the same data as the main e2e server, with other settings. */
export interface ExtraServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through scripts/e2e.sh`);
  return value;
}

/**
 * Starts the real binary (TUTORHUB_BIN) on a free loopback port over the e2e data folder
 * (same database, same JWT secret) with `env` added, and waits for GET /health.
 */
export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The main server's database is the SQLite file in the data folder, not a DATABASE_URL.
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    required('TUTORHUB_BIN'),
    ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', required('E2E_DATA_DIR')],
    {
      // No metrics listener: it would take the main server's default address.
      env: { ...inherited, TUTORHUB_STATIC_DIR: required('E2E_STATIC_DIR'), METRICS_BIND: 'off', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`tutorhub serve exited (${child.exitCode}):\n${log}`);
        try {
          return (await fetch(`${url}/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
