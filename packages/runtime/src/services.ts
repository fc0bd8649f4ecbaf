import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { countQueuedInbound, findKeyCheck, openDatabase, type Database, type Db } from '@app/db';
import { ConfigError, type Config } from './config';
import { masterKeyFrom, type DataKey } from './crypto';
import { MasterKeyMismatchError, provesKey, verifyMasterKey } from './key-check';
import { DkimKeys } from './dkim';
import { PushKeys } from './push';
import { eventChannelPrefix, MemoryEventBus, RedisEventBus, type EventBus } from './events';
import { KeyStore } from './keystore';
import { createLogger, type Logger } from './logger';
import { Metrics } from './metrics';
import { BullQueue, MemoryQueue, type JobQueue } from './queue';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit';
import { probeRedis, RedisWatch } from './redis-watch';
import type { ShutdownStep } from './shutdown';

/** What every process is built from; the embedded default shares one set between api, mx and worker. */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  queue: JobQueue;
  events: EventBus;
  keys: KeyStore;
  /** Outbound DKIM keys per served domain. */
  dkim: DkimKeys;
  /** Web Push (VAPID) keys. */
  push: PushKeys;
  limiter: RateLimiter;
  metrics: Metrics;
  /** Unset in production; the durability tests set it to make a step fail or wait. */
  faults?: FaultSeams;
  /** Closing, as named steps: the queue, the rate limiter, the events, the database. */
  shutdownSteps(): ShutdownStep[];
  close(): Promise<void>;
}

/** Where a test may inject a fault (docs/security.md D1, D2). */
export interface FaultSeams {
  /** Runs inside the mx's accept transaction, after its INSERT: a throw rolls the row back. */
  beforeInboundCommit?: (inboundId: number) => Promise<void>;
}

/** The file holding the master key when MASTER_KEY is unset: MASTER_KEY_FILE, else DATA_DIR/master.key. */
export const masterKeyFile = (config: Config) => resolve(config.MASTER_KEY_FILE ?? join(config.DATA_DIR, 'master.key'));

/**
 * MASTER_KEY; else the key in MASTER_KEY_FILE, or in DATA_DIR/master.key by default, generated
 * there on the first run of the embedded default (with DATABASE_URL, processes must share a key, so
 * a missing file is an error). The start-up log says where it lives: a key kept in DATA_DIR means a
 * copy of that directory can read the mail (docs/security.md AR3).
 */
export function loadMasterKey(config: Config, log: Logger): string {
  if (config.MASTER_KEY) {
    log.info('master key from MASTER_KEY');
    return config.MASTER_KEY;
  }
  const file = masterKeyFile(config);
  const inDataDir = !relative(resolve(config.DATA_DIR), file).startsWith('..');
  const where = inDataDir
    ? 'inside DATA_DIR: a copy of DATA_DIR can read the mail; set MASTER_KEY or MASTER_KEY_FILE to keep the key elsewhere'
    : 'outside DATA_DIR';
  if (existsSync(file)) {
    log.info({ file }, `master key read from a file ${where}`);
    return readFileSync(file, 'utf8').trim();
  }
  if (config.DATABASE_URL) throw new ConfigError(`MASTER_KEY_FILE: ${file} does not exist`);
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  log.warn({ file }, `generated a master key ${where}; back it up, mail is unreadable without it`);
  return key;
}

/** The one line a process or the CLI stops with when its master key is not the database's. */
function wrongKeyLine(config: Config): string {
  const fix = 'a key is changed only with `cli rotate-master-key`';
  if (config.MASTER_KEY) return `MASTER_KEY is not the key this database was written with: set MASTER_KEY to that key (${fix})`;
  const file = masterKeyFile(config);
  if (config.MASTER_KEY_FILE)
    return `MASTER_KEY_FILE (${file}) does not hold the key this database was written with: put that key in it (${fix})`;
  return `the master key in ${file} is not the key this database was written with: restore that file, or set MASTER_KEY or MASTER_KEY_FILE to the right key (${fix})`;
}

/**
 * The master key, proven against the database (docs/security.md AR5): a wrong key stops the
 * process before anything is sealed under it. When the key file's pending replacement is the one
 * the database proves, a rotation stopped half-way, and the line says how to finish it.
 */
export async function openMasterKey(config: Config, db: Db, log: Logger): Promise<DataKey> {
  const master = masterKeyFrom(loadMasterKey(config, log));
  try {
    await verifyMasterKey(db, master, wrongKeyLine(config));
  } catch (err) {
    const pending = `${masterKeyFile(config)}.new`;
    if (err instanceof MasterKeyMismatchError && !config.MASTER_KEY && existsSync(pending)) {
      const stored = await findKeyCheck(db);
      if (stored && provesKey(stored, masterKeyFrom(readFileSync(pending, 'utf8').trim())))
        throw new MasterKeyMismatchError(
          `a master key rotation stopped half-way (the database uses the key in ${pending}): run \`cli rotate-master-key\` again to finish it`,
        );
    }
    throw err;
  }
  return master;
}

export interface ServiceOptions {
  name?: string;
  /** Redis key prefix of the queues; tests use their own so parallel runs never share jobs. */
  queuePrefix?: string;
  /**
   * false for a process that queues and runs no jobs (the mx): its `/metrics` then reports no queue
   * depths, which the api and the workers report, and BullMQ is never loaded into it.
   */
  jobs?: boolean;
}

export async function createServices(config: Config, opts: ServiceOptions = {}): Promise<Services> {
  const name = opts.name ?? 'app';
  const prefix = opts.queuePrefix ?? config.REDIS_PREFIX;
  const log = createLogger(config.LOG_LEVEL, name);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) => log.warn({ err: err.message }, 'an idle database connection failed; the pool replaces it'),
  });
  let master: DataKey;
  try {
    master = await openMasterKey(config, database.db, log);
  } catch (err) {
    await database.close();
    throw err;
  }
  if (config.REDIS_URL) {
    try {
      await probeRedis(config.REDIS_URL);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  const redisWatch = config.REDIS_URL ? new RedisWatch(log, config.REDIS_URL) : undefined;
  const metrics = new Metrics();
  const jobFailed = (queue: string) => metrics.jobsFailed.inc({ queue });
  const queue: JobQueue = config.REDIS_URL
    ? new BullQueue({ url: config.REDIS_URL, maxRetriesPerRequest: null }, log, prefix, jobFailed, redisWatch)
    : new MemoryQueue(log, jobFailed);
  if (opts.jobs !== false) metrics.watchQueue(queue);
  metrics.watchInbound(() => countQueuedInbound(database.db));
  const events: EventBus = config.REDIS_URL
    ? new RedisEventBus(config.REDIS_URL, eventChannelPrefix(prefix), redisWatch)
    : new MemoryEventBus();
  const limiter: RateLimiter = config.REDIS_URL
    ? new RedisRateLimiter(config.REDIS_URL, `${prefix}:rl:`, redisWatch)
    : new MemoryRateLimiter();
  const keys = new KeyStore(master);
  const shutdownSteps: ShutdownStep[] = [
    ['queue', () => queue.close()],
    ['rate limiter', () => limiter.close()],
    ['events', () => events.close()],
    ['database', () => database.close()],
  ];
  return {
    config,
    log,
    database,
    queue,
    events,
    keys,
    dkim: new DkimKeys(keys, log),
    push: new PushKeys(keys, config),
    limiter,
    metrics,
    shutdownSteps: () => shutdownSteps,
    async close() {
      for (const [, run] of shutdownSteps) await run();
    },
  };
}
