import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from './queue';
import { QUEUES } from './schedule';
import { BUILD_INFO } from './version';

/**
 * Every metric of the product, one registry per process (the embedded default shares one). Each
 * process only moves the ones that concern it; docs/operations.md says what each one means.
 * Labels are fixed words, never addresses, subjects or ids.
 */
export class Metrics {
  readonly registry = new Registry();

  /** mx: one per DATA, `accepted` or the refusal (a REPLY name such as `tooBig`). */
  readonly smtpMessages = new Counter({
    name: 'smtp_messages_total',
    help: 'Messages the mx answered at the end of DATA, by result (accepted or the refusal reason)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  /** mx: recipients refused at RCPT TO, by reason. */
  readonly smtpRecipientsRefused = new Counter({
    name: 'smtp_recipients_refused_total',
    help: 'Recipients the mx refused at RCPT TO, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  /** mx: deliveries refused by a block (docs/product.md §3 "Blocked senders"): at RCPT (envelope) or DATA (From). */
  readonly smtpBlocked = new Counter({
    name: 'smtp_blocked_total',
    help: 'Deliveries to an alias refused by a blocked sender rule, by stage',
    labelNames: ['stage'] as const,
    registers: [this.registry],
  });
  /** worker: inbound rows turned into messages (`stored`) or kept unparsed/dropped (`failed`). */
  readonly ingestMessages = new Counter({
    name: 'ingest_messages_total',
    help: 'Inbound messages the worker finished, by result (stored or failed)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  readonly ingestLatency = new Histogram({
    name: 'ingest_latency_seconds',
    help: 'Time from the mx commit (250) to the stored message',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
    registers: [this.registry],
  });
  readonly jobsFailed = new Counter({
    name: 'queue_jobs_failed_total',
    help: 'Job attempts that threw (each is retried until its attempts run out), by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  readonly outboundMail = new Counter({
    name: 'outbound_mail_total',
    help: "The product's own mail handed to the relay, by result (sent, failed, kept without a relay)",
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  /** Always 1: which release and commit this process runs. */
  readonly buildInfo = new Gauge({
    name: 'build_info',
    help: 'The running release (version) and the git commit it was built from; always 1',
    labelNames: ['version', 'commit'] as const,
    registers: [this.registry],
  });
  /** api: request durations by route pattern (never the raw URL, which carries ids and codes). */
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API request durations by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.buildInfo.set(BUILD_INFO, 1);
  }

  /** Reports the depth of every queue (QUEUES) at each scrape. */
  watchQueue(queue: JobQueue): void {
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        for (const name of QUEUES) {
          const counts = await queue.counts(name).catch(() => null);
          for (const [state, n] of Object.entries(counts ?? {})) this.set({ queue: name, state }, n);
        }
      },
    });
  }

  /** Reports at each scrape how many inbound rows wait for a worker (they wait in Postgres, not in a queue). */
  watchInbound(count: () => Promise<number>): void {
    new Gauge({
      name: 'inbound_queued',
      help: 'Inbound messages committed by the mx and not yet stored by a worker',
      registers: [this.registry],
      async collect() {
        const n = await count().catch(() => null);
        if (n !== null) this.set(n);
      },
    });
  }

  /** Counts finished inbound rows and their latency since the mx accepted them. */
  ingested(rows: Array<{ id: number; receivedAt: Date }>, outcome: Map<number, 'stored' | 'failed' | 'skipped'>): void {
    const now = Date.now();
    for (const row of rows) {
      const result = outcome.get(row.id);
      if (result !== 'stored' && result !== 'failed') continue;
      this.ingestMessages.inc({ result });
      if (result === 'stored') this.ingestLatency.observe((now - row.receivedAt.getTime()) / 1000);
    }
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
