/**
 * Tests and benches: a scratch database of their own on a Postgres server, so that runs sharing
 * the server never see each other's rows, and nothing is left behind.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The URL of the new database (the server's URL with its name). */
  url: string;
  /** Drops it, ending sessions still open on it (WITH (FORCE)). */
  drop(): Promise<void>;
  /**
   * VACUUM ANALYZE: after a bulk load, the state autovacuum brings a live database to (planner
   * statistics, the visibility map), so that a bench measures that and not the minutes after a load.
   */
  settle(): Promise<void>;
}

/** Runs one statement, outside a transaction, on the database of `serverUrl`. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database `<prefix>_<random hex>` on the Postgres server of `serverUrl`. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
    settle: () => onServer(url.toString(), 'vacuum analyze'),
  };
}

/**
 * The master key of a test's services. Every test file on one database must use the same key, since
 * a database refuses a key it was not written with (docs/security.md AR5): the run's MASTER_KEY when
 * set, else one derived from DATABASE_URL. A test on a PGlite directory of its own gets a fresh key.
 */
export function testMasterKey(): string {
  const { MASTER_KEY, DATABASE_URL } = process.env;
  if (MASTER_KEY) return MASTER_KEY;
  if (DATABASE_URL) return createHash('sha256').update(`test master key of ${DATABASE_URL}`).digest('base64');
  return randomBytes(32).toString('base64');
}
