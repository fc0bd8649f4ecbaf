import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accounts, insertAccount, setSubscription, type AccountRow } from '@app/db';
import { testMasterKey } from '@app/db/testing';
import { ADMIN_ACCOUNT_ID } from '@app/shared';
import { eq } from 'drizzle-orm';
import { createServices, loadConfig, type Services } from '@app/runtime';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { seedDatabase } from '../src/routes/init/first-run';
import { hashPassword } from '../src/routes/sign-in/passwords';

/**
 * Services for one test file: real Postgres and Redis when DATABASE_URL / REDIS_URL are set,
 * else embedded PGlite in a temp dir and the in-process queue. A unique queue prefix keeps
 * parallel files from sharing jobs.
 */
export async function buildTestServices(env: Record<string, string> = {}): Promise<Services> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'alias-test-')),
    MASTER_KEY: testMasterKey(),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_PASSWORD: 'admin-password-1',
    // Spam scoring only where a test asks for it (CI sets RSPAMD_URL for those that do).
    RSPAMD_URL: '',
    ...env,
  });
  const services = await createServices(config, { name: 'test', queuePrefix: `test-${randomBytes(4).toString('hex')}` });
  await seedDatabase(services);
  // On a database shared with other packages' tests the admin may have been seeded with another
  // password; these tests sign in as the admin with ADMIN_PASSWORD.
  await services.database.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(config.ADMIN_PASSWORD!), suspendedAt: null })
    .where(eq(accounts.id, ADMIN_ACCOUNT_ID));
  return services;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

export async function build(env: Record<string, string> = {}, opts: AppOptions = {}): Promise<TestApp> {
  const services = await buildTestServices(env);
  const app = await buildApp(services, { webDist: '/nonexistent', ...opts });
  await app.ready();
  return {
    app,
    services,
    async close() {
      await app.close();
      await services.close();
    },
  };
}

export interface Member {
  account: AccountRow;
  handle: string;
  password: string;
}

/** A fresh, registered and approved account with a random handle (Free unless packageId). */
export async function createMember(services: Services, opts: { packageId?: number; approved?: boolean } = {}): Promise<Member> {
  const handle = `u_${randomBytes(6).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const now = new Date();
  const account = await insertAccount(services.database.db, {
    handle,
    name: 'Test Person',
    email: `${handle}@example.test`,
    passwordHash: await hashPassword(password),
    approvedAt: opts.approved === false ? null : now,
    registeredAt: now,
  });
  await setSubscription(services.database.db, account.id, opts.packageId ?? 1);
  return { account, handle, password };
}

/** Headers every write from the SPA carries (the CSRF guard wants X-Requested-With). */
export const WRITE_HEADERS = { 'x-requested-with': 'fetch', 'content-type': 'application/json' };

/** Signs in through the real route and returns the Cookie header for later requests. */
export async function login(app: FastifyInstance, handle: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', headers: WRITE_HEADERS, payload: { handle, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res);
}

export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Injects with the session cookie and, for writes, the SPA's headers. */
export function as(app: FastifyInstance, cookie: string) {
  return (opts: InjectOptions) => {
    const write = opts.method && !['GET', 'HEAD'].includes(opts.method);
    return app.inject({ ...opts, headers: { cookie, ...(write ? WRITE_HEADERS : {}), ...opts.headers } });
  };
}
