import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Mail domains: the shared one (id 1, no owner) and personal domains proven by a DNS TXT record. */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    /** Lower-case DNS name. */
    name: text('name').notNull(),
    ownerId: integer('owner_id').references(() => accounts.id, { onDelete: 'cascade' }),
    verifyToken: text('verify_token'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('domains_name_key').on(t.name), uniqueIndex('domains_handle_key').on(t.handle)],
);
