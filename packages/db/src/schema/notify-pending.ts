import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { messages } from './messages';

/**
 * Received mail not yet named in a note (docs/product.md §3 "Notifications"). Ingest adds a row in
 * the transaction that stores the message, for aliases with notifications on; a notification run
 * takes the rows away. A time mark could miss mail committed after a run began but stamped before
 * it; a row is seen exactly once, whenever its transaction commits.
 */
export const notifyPending = pgTable('notify_pending', {
  messageId: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
});
