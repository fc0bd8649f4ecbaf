import type { AuthVerdict, InboundSpam } from '@app/shared';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './keys';

/**
 * The durable spool: raw bytes and envelope committed before the mx answers 250 (docs/security.md D1).
 * A worker claims queued rows, turns each into messages, then drops the raw bytes (state 'done').
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
    auth: jsonb('auth').$type<AuthVerdict>(),
    /** Rspamd's score and each alias's action, decided before the 250; null when scoring is off. */
    spam: jsonb('spam').$type<InboundSpam>(),
    /** Rspamd's symbols (JSON), sealed under `rawKey` like the message. */
    spamSymbolsSealed: bytea('spam_symbols_sealed'),
    /** 'queued' | 'done' | 'failed' */
    state: text('state').notNull().default('queued'),
    /** Claims by a worker, counted when claimed: past INGEST_MAX_ATTEMPTS the message is kept unparsed. */
    attempts: integer('attempts').notNull().default(0),
    /** A worker's claim on a queued row; once it passes, another worker may take the row (docs/architecture.md §3.3). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('inbound_queued_idx')
      .on(t.receivedAt)
      .where(sql`${t.state} = 'queued'`),
  ],
);
