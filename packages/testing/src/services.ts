// The one way a test builds its services, and the seeding every test database shares.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accounts, seed, type Db } from '@app/db';
import { testMasterKey } from '@app/db/testing';
import { createServices, loadConfig, type Services } from '@app/runtime';
import { ADMIN_ACCOUNT_ID } from '@app/shared';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { sleep } from './wait';

/** The shared domain of the tests (the configuration's default). */
export const MAIL_DOMAIN = 'alias.localhost';
/** The admin's password in every test's services, unless a test configures another. */
export const ADMIN_PASSWORD = 'admin-password-1';

/**
 * A password hash a member can sign in with. argon2's cheapest parameters: the stored hash names
 * its parameters, so the product's check accepts it, and tests that make many members stay fast.
 */
export const passwordHash = (password: string): Promise<string> => hash(password, { memoryCost: 1024, timeCost: 1 });

export interface TestServicesOptions {
  /** How the database is seeded: the catalogue by default; the api's tests seed as its first run does. */
  seed?: (services: Services) => Promise<unknown>;
  /**
   * Use the default queue prefix, as spawned processes do (a test of its own Redis); otherwise a
   * unique prefix keeps parallel files from sharing jobs.
   */
  sharedQueue?: boolean;
}

/**
 * Services for one test file: real Postgres and Redis when DATABASE_URL / REDIS_URL are set, else
 * embedded PGlite in a temp dir and the in-process queue. `env` adds to (or, with undefined,
 * removes from) the run's variables.
 */
export async function testServices(
  env: Record<string, string | undefined> = {},
  opts: TestServicesOptions = {},
): Promise<Services> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'alias-test-')),
    MASTER_KEY: testMasterKey(),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_PASSWORD,
    SMTP_PORT: '0',
    // Spam scoring only where a test asks for it (CI sets RSPAMD_URL for those that do).
    RSPAMD_URL: '',
    ...env,
  });
  const queuePrefix = opts.sharedQueue ? undefined : `test-${randomBytes(4).toString('hex')}`;
  const services = await createServices(config, { name: 'test', queuePrefix });
  await retried(() => (opts.seed ?? seedCatalogue)(services));
  await resetAdmin(services.database.db, config.ADMIN_PASSWORD ?? ADMIN_PASSWORD);
  return services;
}

/** The first-run data of @app/db: packages, the shared domain, the admin, sources. */
const seedCatalogue = (services: Services) =>
  seed(services.database.db, {
    mailDomain: services.config.MAIL_DOMAIN,
    adminPasswordHash: () => passwordHash(services.config.ADMIN_PASSWORD ?? ADMIN_PASSWORD),
  });

/** Parallel files seeding one fresh database may race on the admin row; seeding is idempotent. */
async function retried(run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await run();
      return;
    } catch (err) {
      if (i >= 3) throw err;
      await sleep(100 + Math.random() * 200);
    }
  }
}

/**
 * On a database shared with other test files the admin may have been seeded with another password
 * or suspended by a test; the admin signs in with `password`.
 */
export async function resetAdmin(db: Db, password: string): Promise<void> {
  await db
    .update(accounts)
    .set({ passwordHash: await passwordHash(password), suspendedAt: null })
    .where(eq(accounts.id, ADMIN_ACCOUNT_ID));
}
