// What every browser test stands on: the built SPA served by the one-process app on a fresh
// DATA_DIR (embedded PGlite and the in-process queue, or, with DATABASE_URL set, a fresh Postgres
// database of its own and BullMQ), and Debian's Chromium.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startEmbedded, type EmbeddedHandle } from '@app/embedded';

export const WEB = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS = join(WEB, 'test-results');
export const ADMIN_PASSWORD = 'e2e-Admin-Passw0rd';
export const PUBLIC_URL = 'http://127.0.0.1:3000';

export interface E2e {
  app: EmbeddedHandle;
  browser: Browser;
  close(): Promise<void>;
}

type PgModule = {
  Client: new (o: { connectionString: string }) => { connect(): Promise<unknown>; query(q: string): Promise<unknown>; end(): Promise<void> };
};

/** A fresh database on the Postgres server of `url`, and how to drop it afterwards. */
async function freshDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  // pg is a dependency of @app/db, not of the SPA: resolve it from there (test-only).
  const pg = createRequire(fileURLToPath(new URL('../../../packages/db/package.json', import.meta.url)))('pg') as PgModule;
  const name = `alias_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    // Without FORCE: a connection some component has not closed yet only leaves the database behind.
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      for (let i = 0; i < 10; i++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      await c.end();
    },
  };
}

/**
 * Starts the app with only these variables (plus `env`), so the admin password is ours whatever
 * the environment of the run holds, and launches Chromium.
 */
export async function startE2e(env: Record<string, string> = {}): Promise<E2e> {
  if (!existsSync(join(WEB, 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `pnpm --filter @app/web build` first');
  }
  mkdirSync(RESULTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'alias-e2e-'));
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;
  // Runs sharing a Redis keep their queues, events and rate limits apart (a queue prefix of their own).
  const app = await startEmbedded(
    {
      ...(database
        ? { DATABASE_URL: database.url, MASTER_KEY: randomBytes(32).toString('base64'), ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) }
        : {}),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '0',
      MAIL_DOMAIN: 'alias.localhost',
      PUBLIC_URL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    { queuePrefix: `e2e-${randomBytes(6).toString('hex')}` },
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    app,
    browser,
    async close() {
      await browser.close();
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login screen and waits for the feed's destination. */
export async function signIn(page: Page, url: string, handle = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Username').fill(handle);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/alias\/(new|\d+\/inbox)$/);
}
