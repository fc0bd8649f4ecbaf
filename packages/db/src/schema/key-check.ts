import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './keys';

/** One row, id 1: the HMAC that proves the configured master key is the database's (docs/security.md AR5). */
export const keyCheck = pgTable('key_check', {
  id: integer('id').primaryKey().default(1),
  mac: bytea('mac').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
