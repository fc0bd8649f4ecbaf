import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './keys';
import type { AuthResults } from './messages';

/**
 * The durable spool: raw bytes and envelope committed before the mx answers 250 (docs/security.md D1).
 * The worker turns a row into messages, then drops the raw bytes (state 'done').
 */
export const inbound = pgTable(
  'inbound',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The message, sealed under `rawKey`; in clear only in rows of releases before 0002 (rawKey null). */
    raw: bytea('raw'),
    /** The raw message's own key, wrapped by the master key (docs/security.md AR1; re-wrapped on master rotation). */
    rawKey: bytea('raw_key'),
    size: integer('size').notNull(),
    mailFrom: text('mail_from').notNull().default(''),
    rcptTo: jsonb('rcpt_to').$type<string[]>().notNull(),
    aliasIds: jsonb('alias_ids').$type<number[]>().notNull(),
    remoteIp: text('remote_ip'),
    helo: text('helo'),
    /** The sender authentication verdict computed before the 250; null on older rows. */
    auth: jsonb('auth').$type<AuthResults>(),
    /** 'queued' | 'done' | 'failed' */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('inbound_queued_idx').on(t.receivedAt).where(sql`${t.state} = 'queued'`)],
);
