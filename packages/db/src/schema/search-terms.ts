import { bigint, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bytea } from './keys';
import { messages } from './messages';

/**
 * The blind search index: per message, truncated keyed hashes of its normalised words and word
 * prefixes under the account's search key, never a word itself (docs/security.md SR1). Rows go
 * with their message, so deleting or shredding a message removes them too.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    term: bytea('term').notNull(),
  },
  (t) => [primaryKey({ name: 'search_terms_pkey', columns: [t.accountId, t.term, t.messageId] }), index('search_terms_message_idx').on(t.messageId)],
);
