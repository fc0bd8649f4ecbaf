import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Single-use recovery codes of the second factor, stored only as their SHA-256 (docs/security.md W16). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [uniqueIndex('recovery_codes_account_code_key').on(t.accountId, t.codeHash)],
);
