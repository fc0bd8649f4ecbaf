import { Redis } from 'ioredis';
import type { Logger } from './logger';
import { hostOf, StartupError } from './startup';

/**
 * Says once that Redis went away and once that it is back, however many clients of the process
 * notice; each client keeps reconnecting with ioredis' backoff (up to 2 s between tries). Without
 * an 'error' listener ioredis prints its own stack on every failed try.
 */
export class RedisWatch {
  private down = new Set<Redis>();

  constructor(
    private log: Logger,
    private url: string,
  ) {}

  /** True while any watched client has lost Redis (other Redis errors are then the same outage). */
  get isDown(): boolean {
    return this.down.size > 0;
  }

  watch(client: Redis): Redis {
    client.on('error', (err: Error) => {
      if (this.down.has(client)) return;
      if (!this.down.size)
        this.log.warn({ redis: hostOf(this.url), err: err.message }, 'Redis is unreachable: retrying with backoff');
      this.down.add(client);
    });
    client.on('ready', () => {
      if (this.down.delete(client) && !this.down.size) this.log.info({ redis: hostOf(this.url) }, 'Redis is back');
    });
    return client;
  }
}

/** At start: Redis must answer, or the process stops with one line naming its host. */
export async function probeRedis(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The connect() rejection only says "Connection is closed"; the socket's error names the cause.
  let cause: (Error & { code?: string }) | undefined;
  client.on('error', (err: Error) => (cause ??= err));
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    const first = cause ?? (err as Error & { code?: string });
    const reason = first.code ?? first.message;
    throw new StartupError(
      `REDIS_URL: Redis at ${hostOf(url)} does not answer (${reason}): start it, or fix the host in REDIS_URL`,
    );
  } finally {
    client.disconnect();
  }
}
