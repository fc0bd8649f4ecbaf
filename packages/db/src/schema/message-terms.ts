import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { messages } from './messages';

/**
 * The blind search index: per message, one array of truncated keyed hashes of its normalised words
 * and word prefixes under the account's search key, never a word itself (docs/security.md SR1).
 *
 * One row per message with a GIN index over the array, rather than one row per term: ingest writes
 * one row and one index insertion per message, and a search asks the index for the messages that
 * hold every term at once (docs/performance.md §4). The index's pending list (2 MB, migration 0032)
 * gathers the terms of a few hundred messages before they are merged in, so a merge rewrites a
 * term's page once for all of them; a search never has a sequential scan to fall back on, so the
 * list's length cannot turn the planner away from the index. The row goes with its message, so
 * deleting or shredding a message removes its terms too.
 */
export const messageTerms = pgTable(
  'message_terms',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    terms: bigint('terms', { mode: 'bigint' }).array().notNull(),
    /** Which kinds of terms the row holds (runtime's search): 1 before subjects had their own, 4 with its alias's. */
    version: smallint('version').notNull().default(1),
  },
  (t) => [
    index('message_terms_terms_idx').using('gin', t.terms).with({ fastupdate: true, gin_pending_list_limit: 2048 }),
    // Rows without their alias's term (migration 0033): asked for by the terms they hold, without
    // reading every newer match's row to tell its version.
    index('message_terms_older_terms_idx')
      .using('gin', t.terms)
      .where(sql`${t.version} < 4`),
  ],
);
