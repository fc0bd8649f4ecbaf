import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@app/shared';
import { Redis } from 'ioredis';
import type { RedisWatch } from './redis-watch';

/**
 * Live updates pushed to an account's open pages (docs/architecture.md §4, SSE): the wire shape itself, and
 * the bus-only notice that sessions of the account ended (logout, reset, suspension), on which open
 * streams re-check their own session; that one is never written to a stream.
 */
export type AccountEvent = LiveEvent | { type: 'session' };

export interface EventBus {
  publish(accountId: number, event: AccountEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(accountId: number, listener: (event: AccountEvent) => void): () => void;
  /**
   * Tells the workers that inbound rows were committed (docs/architecture.md §3.3). Only a wake-up:
   * the rows wait in Postgres, and a worker that missed it finds them on its next sweep.
   */
  inboundQueued(): Promise<void>;
  /** Returns the unsubscribe function. */
  onInboundQueued(listener: () => void): () => void;
  close(): Promise<void>;
}

const INBOUND = 'inbound';

/** The Redis channel prefix of an installation's (REDIS_PREFIX) live events: every process publishes there. */
export const eventChannelPrefix = (redisPrefix: string) => `${redisPrefix}:events:`;

export class MemoryEventBus implements EventBus {
  private emitter = new EventEmitter().setMaxListeners(0);
  async publish(accountId: number, event: AccountEvent): Promise<void> {
    this.emitter.emit(String(accountId), event);
  }
  subscribe(accountId: number, listener: (event: AccountEvent) => void): () => void {
    this.emitter.on(String(accountId), listener);
    return () => this.emitter.off(String(accountId), listener);
  }
  async inboundQueued(): Promise<void> {
    this.emitter.emit(INBOUND);
  }
  onInboundQueued(listener: () => void): () => void {
    this.emitter.on(INBOUND, listener);
    return () => this.emitter.off(INBOUND, listener);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Redis pub/sub between processes; one subscriber connection per process, fanned out locally. */
export class RedisEventBus implements EventBus {
  private pub: Redis;
  private sub: Redis;
  private local = new MemoryEventBus();
  private counts = new Map<number, number>();
  private inboundListeners = 0;

  constructor(
    url: string,
    private channelPrefix = 'alias:events:',
    watch?: RedisWatch,
  ) {
    // Ingest publishes one event per stored message, all at once after a batch's commit: auto
    // pipelining sends them in one write (docs/performance.md §4).
    this.pub = new Redis(url, { lazyConnect: false, enableAutoPipelining: true });
    this.sub = new Redis(url, { lazyConnect: false });
    watch?.watch(this.pub);
    watch?.watch(this.sub);
    this.sub.on('ready', () => {
      if (this.inboundListeners) this.joinInbound();
    });
    this.sub.on('message', (channel: string, payload: string) => {
      if (channel === this.channelPrefix + INBOUND) return void this.local.inboundQueued();
      const id = Number(channel.slice(this.channelPrefix.length));
      void this.local.publish(id, JSON.parse(payload) as AccountEvent);
    });
  }

  async publish(accountId: number, event: AccountEvent): Promise<void> {
    await this.pub.publish(this.channelPrefix + accountId, JSON.stringify(event));
  }

  subscribe(accountId: number, listener: (event: AccountEvent) => void): () => void {
    const n = this.counts.get(accountId) ?? 0;
    if (n === 0) void this.sub.subscribe(this.channelPrefix + accountId);
    this.counts.set(accountId, n + 1);
    const off = this.local.subscribe(accountId, listener);
    return () => {
      off();
      const left = (this.counts.get(accountId) ?? 1) - 1;
      this.counts.set(accountId, left);
      if (left === 0) void this.sub.unsubscribe(this.channelPrefix + accountId);
    };
  }

  async inboundQueued(): Promise<void> {
    await this.pub.publish(this.channelPrefix + INBOUND, '');
  }

  onInboundQueued(listener: () => void): () => void {
    if (!this.inboundListeners++) this.joinInbound();
    const off = this.local.onInboundQueued(listener);
    return () => {
      off();
      if (!--this.inboundListeners) this.sub.unsubscribe(this.channelPrefix + INBOUND).catch(() => undefined);
    };
  }

  /** A failed subscribe is tried again on the next (re)connect; meanwhile the workers' sweeps find the rows. */
  private joinInbound(): void {
    this.sub.subscribe(this.channelPrefix + INBOUND).catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([this.pub.quit(), this.sub.quit()]);
  }
}
