import { bigint, bigserial, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea } from './keys';
import { messages } from './messages';

/** Attachment bytes, sealed under the owning message's key. */
export const attachments = pgTable(
  'attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    cid: text('cid'),
    /** Shown inside the HTML through a `cid:` reference, so not listed as an attachment; null on rows stored before 0027. */
    embedded: boolean('embedded'),
    contentSealed: bytea('content_sealed').notNull(),
  },
  (t) => [index('attachments_message_idx').on(t.messageId)],
);
