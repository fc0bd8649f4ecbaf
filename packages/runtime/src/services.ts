import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { countQueuedInbound, openDatabase, type Database } from '@app/db';
import { ConfigError, type Config } from './config';
import { masterKeyFrom } from './crypto';
import { DkimKeys } from './dkim';
import { PushKeys } from './push';
import { eventChannelPrefix, MemoryEventBus, RedisEventBus, type EventBus } from './events';
import { KeyStore } from './keystore';
import { createLogger, type Logger } from './logger';
import { Metrics } from './metrics';
import { BullQueue, MemoryQueue, type JobQueue } from './queue';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit';

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
  const metrics = new Metrics();
  const queue: JobQueue = config.REDIS_URL
    ? new BullQueue({ url: config.REDIS_URL, maxRetriesPerRequest: null }, log, prefix, metrics)
    : new MemoryQueue(log, metrics);
  if (opts.jobs !== false) metrics.watchQueue(queue);
  metrics.watchInbound(() => countQueuedInbound(database.db));
  const events: EventBus = config.REDIS_URL
    ? new RedisEventBus(config.REDIS_URL, eventChannelPrefix(prefix))
    : new MemoryEventBus();
  const limiter: RateLimiter = config.REDIS_URL
    ? new RedisRateLimiter(config.REDIS_URL, `${prefix}:rl:`)
    : new MemoryRateLimiter();
  const keys = new KeyStore(masterKeyFrom(loadMasterKey(config, log)));
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
    async close() {
      await queue.close();
      await limiter.close();
      await events.close();
      await database.close();
    },
  };
}
