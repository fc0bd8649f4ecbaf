import type { SpamMode } from '@app/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { domains } from './domains';
import { keys } from './keys';
import { sources } from './sources';

export const aliases = pgTable(
  'aliases',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    /** Lower-case local part; aliases are case-insensitive. */
    handle: text('handle').notNull(),
    label: text('label'),
    icon: text('icon'),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    /** Days; null is Forever (still capped by the package's storage_days). */
    lifespan: integer('lifespan'),
    /** 'M' | 'W' | 'D' | null (never). */
    digest: text('digest'),
    isActive: boolean('is_active').notNull().default(true),
    isTrashed: boolean('is_trashed').notNull().default(false),
    isWhitelisted: boolean('is_whitelisted').notNull().default(false),
    specialty: text('specialty'),
    keyId: bigint('key_id', { mode: 'number' })
      .notNull()
      .references(() => keys.id),
    unreadCount: integer('unread_count').notNull().default(0),
    totalCount: integer('total_count').notNull().default(0),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** 'none' | 'email' | 'push': a content-free note when mail arrives (docs/product.md §3 "Notifications"). */
    notify: text('notify').notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    accessedAt: timestamp('accessed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whom the address was given to: an organisational domain (docs/product.md §3 Alias, origin). */
    origin: text('origin'),
    /** Mail from another organisation than the origin (docs/product.md §3 Alias, leak); null when none. */
    leakDomain: text('leak_domain'),
    leakFirstSeen: timestamp('leak_first_seen', { withTimezone: true }),
    leakCount: integer('leak_count').notNull().default(0),
    /** Given to several senders on purpose (a chat, a family or group address): mail from anyone is no leak. */
    sharedSenders: boolean('shared_senders').notNull().default(false),
    /** Organisations the owner said are fine: their mail is no leak. */
    leakIgnored: text('leak_ignored')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Past this instant the mx refuses new mail (docs/product.md §3 Alias, expires). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Messages allowed since the limit was set; `limitCount` counts them. */
    maxMessages: integer('max_messages'),
    limitCount: integer('limit_count').notNull().default(0),
    /** When the pre-expiry notice went out for the current `expiresAt`. */
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
    /** Listed first in the sidebar (docs/product.md §2 "Sidebar"). */
    pinned: boolean('pinned').notNull().default(false),
    /** The alias's own spam mode; null follows the account's (docs/spam.md). */
    spamMode: text('spam_mode').$type<SpamMode>(),
  },
  (t) => [
    uniqueIndex('aliases_domain_handle_key').on(t.domainId, t.handle),
    index('aliases_account_idx').on(t.accountId),
    index('aliases_digest_idx')
      .on(t.digest)
      .where(sql`${t.digest} is not null`),
    index('aliases_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null and ${t.expiryNoticeAt} is null`),
  ],
);
