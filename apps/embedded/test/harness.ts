import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testMasterKey } from '@app/db/testing';
import { startEmbedded, type EmbeddedHandle } from '../src/index';
import { ADMIN_PASSWORD, resetAdmin, startSmtpCapture, type SmtpCapture } from '@app/testing';

export const WRITE_HEADERS = { 'x-requested-with': 'fetch', 'content-type': 'application/json' };

export interface Embedded {
  app: EmbeddedHandle;
  relay: SmtpCapture;
  dataDir: string;
  /** A JSON request to the running API as the holder of `cookie`. */
  call(method: string, path: string, cookie: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  login(handle: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The one-process product on a fresh DATA_DIR, listening on loopback ports, with a local SMTP
 * server standing in for the relay. `env` adds to (or, with undefined, removes from) the test's.
 * Its own queue prefix keeps it apart from other processes on the same Redis.
 */
export async function startFresh(env: Record<string, string | undefined> = {}): Promise<Embedded> {
  const relay = await startSmtpCapture();
  const dataDir = mkdtempSync(join(tmpdir(), 'alias-embedded-'));
  const app = await startEmbedded(
    {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      SMTP_PORT: '0',
      IMAP_PORT: '0',
      POP3_PORT: '0',
      ADMIN_PASSWORD,
      SMTP_RELAY_URL: relay.url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Postgres runs share one key; the embedded default generates one into DATA_DIR.
      MASTER_KEY: process.env.DATABASE_URL ? testMasterKey() : undefined,
      ...env,
    },
    { queuePrefix: `test-${randomBytes(4).toString('hex')}` },
  );
  await resetAdmin(app.services.database.db, ADMIN_PASSWORD);
  const call: Embedded['call'] = async (method, path, cookie, body) => {
    const res = await fetch(app.url + path, {
      method,
      headers: { cookie, ...(method === 'GET' ? {} : WRITE_HEADERS) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return {
    app,
    relay,
    dataDir,
    call,
    async login(handle, password) {
      const res = await fetch(`${app.url}/api/login`, {
        method: 'POST',
        headers: WRITE_HEADERS,
        body: JSON.stringify({ handle, password }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    async close() {
      await app.close();
      await relay.close();
    },
  };
}

export const marker = (what: string) => `${what}-marker-${randomBytes(8).toString('hex')}`;
