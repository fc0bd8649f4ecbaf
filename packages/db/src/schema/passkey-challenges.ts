import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Outstanding WebAuthn challenges (docs/security.md PK1): each is taken (deleted) by the one answer
 * that uses it, only for its purpose and, when registering, only by its account; expired ones are
 * never accepted. A table rather than Redis so the embedded mode holds them too.
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['register', 'login', 'reauth'] }).notNull(),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
