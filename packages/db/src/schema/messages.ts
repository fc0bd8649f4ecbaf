import type { SpamAction, StoredAuthVerdict } from '@app/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, real, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { aliases } from './aliases';
import { inbound } from './inbound';
import { bytea, keys } from './keys';

/** One message of one alias. Subject, bodies and raw bytes are sealed under the message's key. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    aliasId: integer('alias_id')
      .notNull()
      .references(() => aliases.id, { onDelete: 'cascade' }),
    /** The alias's account, so All mail walks one index; a trigger fills it when an insert leaves it out (0028). */
    accountId: integer('account_id'),
    /**
     * The conversation: a keyed hash of its first Message-ID under the account's search key
     * (`threadKey` in @app/runtime); null on mail stored before, which is a conversation of its own.
     */
    threadKey: bigint('thread_key', { mode: 'bigint' }),
    /** Null for outgoing chat messages. */
    inboundId: bigint('inbound_id', { mode: 'number' }).references(() => inbound.id, { onDelete: 'set null' }),
    keyId: bigint('key_id', { mode: 'number' })
      .notNull()
      .references(() => keys.id),
    /** 'in' | 'out' */
    direction: text('direction').notNull().default('in'),
    /** 'ok' | 'failed' (could not be parsed; raw download still works) */
    state: text('state').notNull().default('ok'),
    senderLabel: text('sender_label').notNull().default(''),
    senderAddress: text('sender_address').notNull().default(''),
    recipient: text('recipient').notNull().default(''),
    subjectSealed: bytea('subject_sealed'),
    textSealed: bytea('text_sealed'),
    htmlSealed: bytea('html_sealed'),
    /** The first words of the text for lists, so a list never opens bodies; null before it was kept. */
    snippetSealed: bytea('snippet_sealed'),
    rawSealed: bytea('raw_sealed'),
    /**
     * The one-time code and confirmation link (JSON `{code, link}`), found at ingest so lists never
     * open a body; null on mail stored before, until its first read finds them.
     */
    verificationSealed: bytea('verification_sealed'),
    /**
     * The trackers the sanitiser finds in the HTML (JSON), kept at the first read so later reads need
     * no sanitiser pass; null until then.
     */
    trackersSealed: bytea('trackers_sealed'),
    /**
     * Sealed JSON of what the message's header says beyond the columns above (its List-Unsubscribe
     * choices, the envelope sender), for the unsubscribe and block actions; null on older rows.
     */
    metaSealed: bytea('meta_sealed'),
    hasHtml: boolean('has_html').notNull().default(false),
    size: integer('size').notNull().default(0),
    attachmentsCount: integer('attachments_count').notNull().default(0),
    auth: jsonb('auth').$type<StoredAuthVerdict>(),
    /** Rspamd's score, in clear beside the sender verdict; null = not scored (docs/spam.md). */
    spamScore: real('spam_score'),
    /** What was done with it (SpamAction); null when scoring was off. 'move' = in the Spam folder. */
    spamAction: text('spam_action').$type<SpamAction>(),
    /** Rspamd's symbols (JSON), sealed under the message's key. */
    spamSymbolsSealed: bytea('spam_symbols_sealed'),
    /** When it entered the Spam folder; the retention job empties the folder after SPAM_FOLDER_DAYS. */
    spamAt: timestamp('spam_at', { withTimezone: true }),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    messageIdHeader: text('message_id_header'),
    /** SHA-256 of the raw bytes, so an import can skip what the alias holds already; null on older rows. */
    rawSha256: bytea('raw_sha256'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** Its search terms are stored; messages stored before search are indexed by the worker. */
    searchIndexed: boolean('search_indexed').notNull().default(false),
  },
  (t) => [
    // A re-delivered ingest job can never store the same message twice (docs/security.md D5).
    unique('messages_inbound_alias_key').on(t.inboundId, t.aliasId),
    index('messages_alias_list_idx')
      .on(t.aliasId, t.id.desc())
      .where(sql`${t.trashedAt} is null`),
    index('messages_account_list_idx')
      .on(t.accountId, t.id.desc())
      .where(sql`${t.trashedAt} is null and ${t.direction} = 'in' and ${t.spamAction} is distinct from 'move'`),
    // A search over the whole account walks its newest messages along it (migration 0033); All
    // mail's index leaves out sent mail and Spam, which search holds.
    index('messages_account_search_idx')
      .on(t.accountId, t.id.desc())
      .where(sql`${t.trashedAt} is null`),
    index('messages_thread_idx')
      .on(t.accountId, t.threadKey, t.id.desc())
      .where(sql`${t.trashedAt} is null and ${t.threadKey} is not null`),
    index('messages_created_idx').on(t.createdAt),
    index('messages_alias_raw_sha256_idx')
      .on(t.aliasId, t.rawSha256)
      .where(sql`${t.rawSha256} is not null`),
    index('messages_alias_spam_idx')
      .on(t.aliasId, t.id.desc())
      .where(sql`${t.spamAction} = 'move' and ${t.trashedAt} is null`),
    index('messages_spam_at_idx')
      .on(t.spamAt)
      .where(sql`${t.spamAction} = 'move'`),
    // A mail client's folder (docs/mail-clients.md): its UID map read from the index alone, not the rows.
    index('messages_mail_folder_idx')
      .on(t.aliasId, t.id, t.spamAction)
      .where(sql`${t.trashedAt} is null and ${t.rawSealed} is not null`),
    index('messages_search_pending_idx')
      .on(t.id)
      .where(sql`${t.searchIndexed} = false`),
  ],
);
