import { mkdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
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

/**
 * The planner settings of the list queries (queries/message-lists.ts withIndexWalkPlanner): no sort
 * and no bitmap scan unless nothing else can answer, so that a page's rows come from an ordered index
 * walk under its LIMIT whatever the statistics say; JIT off, or a disabled plan's cost would pass its
 * threshold and compile for hundreds of ms.
 */
export const INDEX_WALK_SETTINGS = { enable_sort: 'off', enable_bitmapscan: 'off', jit: 'off' } as const;
/** Connections of a process's index-walk pool: the lists are short statements. */
const INDEX_WALK_POOL = 4;
/**
 * On Postgres, a second pool whose sessions start with INDEX_WALK_SETTINGS, per database handle: a
 * list runs there as one statement, prepared once per connection, instead of a transaction that sets
 * them (four round trips, and a statement built again in every transaction). PGlite has one session.
 */
const indexWalkHandles = new WeakMap<Db, Db>();
export const indexWalkHandle = (db: Db): Db | undefined => indexWalkHandles.get(db);

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
    const lock = await pool.connect().catch(async (err: { code?: string }) => {
      if (err.code !== '3D000') throw err;
      await createMissingDatabase(opts.databaseUrl!);
      return pool.connect();
    });
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
    const options = Object.entries(INDEX_WALK_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    const walks = new pg.Pool({ connectionString: opts.databaseUrl, max: INDEX_WALK_POOL, options });
    walks.on('error', (err) => opts.onIdleError?.(err));
    indexWalkHandles.set(db, drizzlePg(walks, { schema }) as unknown as Db);
    return { db, kind: 'postgres', applied, close: () => Promise.all([pool.end(), walks.end()]).then(() => undefined) };
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
  const unlock = lockDataDir(opts.dataDir);
  try {
    const client = await PGlite.create(dir);
    const db = drizzlePglite(client, { schema });
    const applied = await pendingMigrations((text) => client.query(text));
    await migratePglite(db, { migrationsFolder });
    const close = async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    };
    return { db: db as unknown as Db, kind: 'pglite', applied, close };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Creates the database DATABASE_URL names when it does not exist and the role may (CREATEDB); when
 * it may not, the original "does not exist" error (3D000) stands, for the start-up line to explain.
 */
async function createMissingDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } catch (err) {
    // Created by another process starting at the same moment.
    if ((err as { code?: string }).code === '42P04') return;
    throw Object.assign(new Error(`database "${name}" does not exist`), { code: '3D000' });
  } finally {
    await client.end().catch(() => undefined);
  }
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
