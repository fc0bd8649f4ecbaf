import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** A named service (e.g. a shop) whose sender addresses an alias may be restricted to. */
export const sources = pgTable('sources', {
  id: serial('id').primaryKey(),
  handle: text('handle').notNull().unique(),
  label: text('label').notNull(),
  icon: text('icon'),
  avatar: text('avatar'),
  color: text('color'),
  url: text('url'),
  rules: text('rules'),
  isPublic: boolean('is_public').notNull().default(true),
  userId: integer('user_id').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
