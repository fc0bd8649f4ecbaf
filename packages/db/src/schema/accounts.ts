import type { SpamMode } from '@app/shared';
import { bigint, boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { keys } from './keys';

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    /** Username; null until the invited person registers. Stored lower-case. */
    handle: text('handle'),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    keyId: bigint('key_id', { mode: 'number' }).references(() => keys.id),
    /** The key of the account's blind search index, wrapped by the account key (docs/security.md SR1). */
    searchKeyId: bigint('search_key_id', { mode: 'number' }).references(() => keys.id),
    stripeCustomerId: text('stripe_customer_id'),
    /** Aliases made for a site through the compatible endpoints start with a readable prefix from it. */
    siteHandlePrefix: boolean('site_handle_prefix').notNull().default(false),
    /** What mail scored as spam does for the account's aliases (SpamMode, docs/spam.md). */
    spamMode: text('spam_mode').$type<SpamMode>().notNull().default('mark'),
    /** When the owner last chose a password; null while it is the one the account was created with. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** When the admin put the first-run checklist away (docs/product.md §4 "First run"). */
    firstRunDismissedAt: timestamp('first_run_dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_handle_key').on(t.handle), uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`)],
);
