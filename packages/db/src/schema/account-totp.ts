import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bytea } from './keys';

/**
 * An account's TOTP second factor (docs/security.md W16): the shared secret sealed under the account
 * key, pending until a first code confirms it, and the last time step used, so no code is accepted twice.
 */
export const accountTotp = pgTable('account_totp', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  secretSealed: bytea('secret_sealed').notNull(),
  /** Null while the enrolment waits for its first code. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
