import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { accounts, domains, packages, sources } from './schema/index';
import { seed } from './seed';
import { createScratchDatabase, type ScratchDatabase } from './testing';

/** Real Postgres when DATABASE_URL is set (a fresh database of its own), else PGlite in a temp dir. */
const baseUrl = process.env.DATABASE_URL;
const scratch: ScratchDatabase[] = [];

async function freshTarget(): Promise<{ databaseUrl?: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'db-test-'));
  if (!baseUrl) return { dataDir };
  const database = await createScratchDatabase(baseUrl, 'dbtest');
  scratch.push(database);
  return { databaseUrl: database.url, dataDir };
}

afterAll(async () => {
  for (const database of scratch) await database.drop();
});

/** Both drivers answer raw SQL with `{ rows }`. */
async function rows<T>(d: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await d.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const tableNames = async (d: Database) =>
  (
    await rows<{ table_name: string }>(
      d,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )
  ).map((r) => r.table_name);
const migrationCount = async (d: Database) =>
  Number((await rows<{ n: string }>(d, sql`select count(*) as n from drizzle.__drizzle_migrations`))[0]!.n);

describe(`migrations and seed (${baseUrl ? 'Postgres' : 'PGlite'})`, () => {
  it('an empty database gets the whole schema; a second start changes nothing', async () => {
    const target = await freshTarget();
    const first = await openDatabase(target);
    const tables = await tableNames(first);
    expect(tables).toEqual(
      expect.arrayContaining([
        'accounts',
        'aliases',
        'alias_senders',
        'alias_logs',
        'attachments',
        'domains',
        'inbound',
        'invitations',
        'keys',
        'messages',
        'notes',
        'outbox',
        'packages',
        'reset_requests',
        'sessions',
        'source_senders',
        'sources',
        'stripe_events',
        'subscriptions',
      ]),
    );
    const applied = await migrationCount(first);
    expect(applied).toBeGreaterThan(0);
    const opts = { mailDomain: 'alias.example.test', adminPasswordHash: async () => 'hash' };
    expect(await seed(first.db, opts)).toEqual({ adminCreated: true });
    await first.close();

    const second = await openDatabase(target);
    expect(await tableNames(second)).toEqual(tables);
    expect(await migrationCount(second)).toBe(applied);
    expect(await seed(second.db, opts)).toEqual({ adminCreated: false });
    const [admin] = await second.db.select().from(accounts);
    expect(admin).toMatchObject({ id: 1, handle: 'admin' });
    expect((await second.db.select().from(packages)).map((p) => p.id).slice(0, 2)).toEqual([1, 2]);
    expect((await second.db.select().from(domains))[0]).toMatchObject({ id: 1, name: 'alias.example.test' });
    const sourceCount = (await second.db.select().from(sources)).length;
    await seed(second.db, opts);
    expect((await second.db.select().from(sources)).length).toBe(sourceCount);
    // Explicit seeded ids leave the sequences past them: the next account is not id 1.
    const [next] = await second.db.insert(accounts).values({ email: 'someone@example.test' }).returning({ id: accounts.id });
    expect(next!.id).toBeGreaterThan(1);
    await second.close();
  });
});
