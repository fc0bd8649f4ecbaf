import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './keys';

/** Outbound mail: queued here first, then relayed (or only kept here when no relay is set). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'invitation' | 'reset' | 'security' | 'digest' | 'chat' | 'test' */
    kind: text('kind').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** In clear only in rows of releases before 0002; new rows keep their content sealed below. */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    /** The mail's own key, wrapped by the master key (docs/security.md AR2; re-wrapped on master rotation). */
    contentKey: bytea('content_key'),
    /** Subject, text and HTML sealed under `contentKey`; dropped once the relay accepted the mail. */
    contentSealed: bytea('content_sealed'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** 'queued' | 'sent' | 'kept' (no relay configured) | 'failed' */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'queued'`),
  ],
);
