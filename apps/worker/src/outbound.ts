// Outbound processor (docs/architecture.md §4): relays the product's own mail from the outbox table. The row
// is written (state 'queued') before its job; the job carries only the outbox id. Final states:
// 'sent', 'failed' (with the relay's error), or 'kept' when no relay is configured, so links still
// work from the outbox in the embedded default. The content is sealed at rest and deleted once sent
// (docs/security.md AR2). Bodies and subjects are never logged.
import { findOutbox, listStaleQueuedOutbox, recordOutboxAttempt } from '@app/db';
import { createMailSender, describeSendError, isPermanentSendError, type MailSender } from '@app/mail';
import { enqueueOutbox, openOutboxContent, OUTBOUND_ATTEMPTS, type Services } from '@app/runtime';

/** Queued rows older than this have lost their job (e.g. Redis flushed) and are queued again. */
const STALE_MS = 60_000;

export interface OutboundHandle {
  sender: MailSender;
  /** Re-queues stale 'queued' rows now (also runs every minute). */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

/** Delivers one outbox row; throws to ask the queue for a retry. */
export async function deliverOutbox(services: Services, sender: MailSender, outboxId: number): Promise<void> {
  const { db } = services.database;
  const log = services.log.child({ component: 'outbound' });
  const row = await findOutbox(db, outboxId);
  // Not visible (yet): the job ran before the transaction that wrote the row committed. Retrying
  // (seconds) sends it; returning would leave it to the minute sweep.
  if (!row) throw new Error(`outbox row ${outboxId} not found`);
  // Already final (a duplicate job after a re-queue): nothing to do.
  if (row.state !== 'queued') return;
  if (!sender.configured) {
    await recordOutboxAttempt(db, row.id, { state: 'kept' });
    services.metrics.outboundMail.inc({ result: 'kept' });
    log.info({ outboxId: row.id, kind: row.kind }, 'no SMTP_RELAY_URL: mail kept in the outbox table');
    return;
  }
  const content = openOutboxContent(services.keys, row);
  if (!content) {
    await recordOutboxAttempt(db, row.id, { state: 'failed', error: 'mail content missing' });
    return;
  }
  try {
    const info = await sender.send({ from: row.fromAddress, to: row.toAddress, ...content, headers: row.headers });
    await recordOutboxAttempt(db, row.id, { state: 'sent' });
    services.metrics.outboundMail.inc({ result: 'sent' });
    log.info({ outboxId: row.id, kind: row.kind, messageId: info.messageId }, 'outbound mail sent');
  } catch (err) {
    const { message } = describeSendError(err, row.toAddress);
    const final = isPermanentSendError(err) || row.attempts + 1 >= OUTBOUND_ATTEMPTS;
    await recordOutboxAttempt(db, row.id, { state: final ? 'failed' : 'queued', error: message });
    if (final) services.metrics.outboundMail.inc({ result: 'failed' });
    log.warn({ outboxId: row.id, kind: row.kind, attempt: row.attempts + 1, final, error: message }, 'outbound mail not sent');
    if (!final) throw err;
  }
}

/** Registers the `outbound` processor and the minute sweep of lost jobs. */
export function startOutbound(services: Services, opts: { sender?: MailSender; concurrency?: number } = {}): OutboundHandle {
  const sender =
    opts.sender ??
    createMailSender(services.config.SMTP_RELAY_URL, {
      heloName: services.config.MX_HOSTNAME,
      dkimFor: (from) => services.dkim.signingFor(services.database.db, from),
    });
  services.queue.process('outbound', ({ outboxId }) => deliverOutbox(services, sender, outboxId), {
    concurrency: opts.concurrency ?? 2,
  });
  const sweep = async () => {
    const rows = await listStaleQueuedOutbox(services.database.db, new Date(Date.now() - STALE_MS));
    for (const r of rows) await enqueueOutbox(services.queue, r.id);
    return rows.length;
  };
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => services.log.warn({ err: (err as Error).message }, 'outbox sweep failed'));
  }, STALE_MS);
  timer.unref();
  return {
    sender,
    sweep,
    async close() {
      clearInterval(timer);
      sender.close();
    },
  };
}
