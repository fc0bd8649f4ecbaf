import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from '@app/db';
import type { Config } from './config';
import { masterKeyFrom } from './crypto';
import { DkimKeys } from './dkim';
import { MemoryEventBus, RedisEventBus, type EventBus } from './events';
import { KeyStore } from './keystore';
import { createLogger, type Logger } from './logger';
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
  /** Outbound DKIM keys per served domain (issue 10). */
  dkim: DkimKeys;
  limiter: RateLimiter;
  close(): Promise<void>;
}

/** MASTER_KEY, or one generated once into DATA_DIR (embedded default). */
function loadMasterKey(config: Config, log: Logger): string {
  if (config.MASTER_KEY) return config.MASTER_KEY;
  const file = join(config.DATA_DIR, 'master.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  log.warn({ file }, 'generated a master key; back it up, mail is unreadable without it');
  return key;
}

export interface ServiceOptions {
  name?: string;
  /** Redis key prefix of the queues; tests use their own so parallel runs never share jobs. */
  queuePrefix?: string;
}

export async function createServices(config: Config, opts: ServiceOptions = {}): Promise<Services> {
  const name = opts.name ?? 'app';
  const prefix = opts.queuePrefix ?? 'alias';
  const log = createLogger(config.LOG_LEVEL, name);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) => log.warn({ err: err.message }, 'an idle database connection failed; the pool replaces it'),
  });
  const queue: JobQueue = config.REDIS_URL
    ? new BullQueue({ url: config.REDIS_URL, maxRetriesPerRequest: null }, log, prefix)
    : new MemoryQueue(log);
  const events: EventBus = config.REDIS_URL ? new RedisEventBus(config.REDIS_URL, `${prefix}:events:`) : new MemoryEventBus();
  const limiter: RateLimiter = config.REDIS_URL ? new RedisRateLimiter(config.REDIS_URL, `${prefix}:rl:`) : new MemoryRateLimiter();
  const keys = new KeyStore(masterKeyFrom(loadMasterKey(config, log)));
  return {
    config,
    log,
    database,
    queue,
    events,
    keys,
    dkim: new DkimKeys(keys, log),
    limiter,
    async close() {
      await queue.close();
      await limiter.close();
      await events.close();
      await database.close();
    },
  };
}
