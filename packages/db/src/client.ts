import { mkdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * A query every request makes, built once per database handle (a transaction builds its own):
 * drizzle turns it into SQL once, and node-postgres sends it as a named statement that Postgres
 * parses and plans once per connection. Values go in through `sql.placeholder`.
 */
export function prepared<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let q = built.get(db);
    if (!q) built.set(db, (q = build(db)));
    return q;
  };
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The migrations this opening applied (their tags, oldest first); empty when it was up to date. */
  applied: string[];
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');
/** Any constant works; it only keeps two processes from migrating at once. */
const MIGRATION_LOCK = 7_340_112;

/**
 * The migrations newer than the last one recorded: the ones drizzle's migrator applies next (it
 * compares each journal entry's `when` with the newest `created_at` it recorded).
 */
async function pendingMigrations(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<string[]> {
  const last = await query('select max(created_at) as last from drizzle.__drizzle_migrations')
    .then((r) => Number((r.rows[0] as { last: string | number | null } | undefined)?.last ?? 0))
    .catch(() => 0);
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.filter((e) => e.when > last).map((e) => e.tag);
}

export interface OpenOptions {
  /** Postgres URL; unset means embedded PGlite under dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /**
   * An idle pooled connection that fails (Postgres restarted, connection terminated) is dropped by
   * the pool; this only reports it. Without a listener the pool's 'error' event would end the process.
   */
  onIdleError?: (err: Error) => void;
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', (err) => opts.onIdleError?.(err));
    const lock = await pool.connect();
    let applied: string[];
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      applied = await pendingMigrations((text) => lock.query(text));
      await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', applied, close: () => pool.end() };
  }
  // PGlite loads only in the embedded mode: the processes of a Postgres installation never carry it
  // (the api/mx/worker image leaves it out: infra/Dockerfile).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('DATABASE_URL is not set and this installation has no embedded database (PGlite): set DATABASE_URL');
  });
  const dir = join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client, { schema });
  const applied = await pendingMigrations((text) => client.query(text));
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', applied, close: () => client.close() };
}

/** Whether Postgres answers at `databaseUrl`, without migrating anything (the CLI's check-config). */
export async function probePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}
