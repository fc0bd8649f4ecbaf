import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { outbox } from '../schema/index';

export type OutboxRow = typeof outbox.$inferSelect;
/** A new outbound mail: its content only sealed (docs/security.md AR2), never in the clear columns. */
export type NewOutbox = Required<
  Pick<typeof outbox.$inferInsert, 'kind' | 'fromAddress' | 'toAddress' | 'headers' | 'contentKey' | 'contentSealed'>
>;

/** Writes an outbound mail in state 'queued' (or another state, e.g. for a synchronous send). */
export async function insertOutbox(db: DbOrTx, values: NewOutbox & { state?: string }): Promise<OutboxRow> {
  const [row] = await db.insert(outbox).values(values).returning();
  return row!;
}

export async function findOutbox(db: DbOrTx, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}

/**
 * Records the outcome of one delivery attempt. `state` 'queued' keeps the row for another try;
 * 'sent', 'kept' and 'failed' are final. The attempt counter always goes up. Once the mail is sent
 * or given up, its content goes (headers and state stay for the admin's log): a reset or invitation
 * link does not outlive its mail (docs/security.md AR2). A 'kept' mail keeps its sealed content, which is
 * where the embedded default's operator finds the links.
 */
export async function recordOutboxAttempt(
  db: DbOrTx,
  id: number,
  outcome: { state: 'queued' | 'sent' | 'kept' | 'failed'; error?: string | null },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      state: outcome.state,
      error: outcome.error ?? null,
      attempts: sql`${outbox.attempts} + 1`,
      ...(outcome.state === 'sent' ? { sentAt: new Date() } : {}),
      ...(outcome.state === 'sent' || outcome.state === 'failed'
        ? { subject: null, text: null, html: null, contentKey: null, contentSealed: null }
        : {}),
    })
    .where(eq(outbox.id, id));
}

/** Queued rows older than `before`: their job may have been lost with Redis; the worker re-queues them. */
export async function listStaleQueuedOutbox(db: DbOrTx, before: Date, limit = 500): Promise<Array<{ id: number }>> {
  return db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.state, 'queued'), lt(outbox.createdAt, before)))
    .orderBy(asc(outbox.createdAt))
    .limit(limit);
}

/** Recent outbound mail of every state, newest first: who, what kind, the state and its reason — never content. */
export async function listRecentOutbox(db: DbOrTx, limit = 100) {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      state: outbox.state,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      attempts: outbox.attempts,
      error: outbox.error,
    })
    .from(outbox)
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/** How many outbound mails are in each state. */
export async function countOutboxByState(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: outbox.state, count: sql<number>`count(*)::int` })
    .from(outbox)
    .groupBy(outbox.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.count]));
}

/** Whether a mail of this kind ever reached the relay (`sent`): kept or failed mail does not count. */
export async function hasSentOutbox(db: DbOrTx, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.state, 'sent')))
    .limit(1);
  return !!row;
}

/** Outbound mail to one address, newest first (tests and the embedded default's operator). */
export async function listOutboxTo(db: DbOrTx, toAddress: string): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(eq(outbox.toAddress, toAddress)).orderBy(desc(outbox.id));
}
