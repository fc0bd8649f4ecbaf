import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { sources } from './sources';

export const sourceSenders = pgTable(
  'source_senders',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    /** An address, or `*.domain` covering the domain and all its subdomains. */
    address: text('address').notNull(),
    hostname: text('hostname'),
  },
  (t) => [unique('source_senders_unique').on(t.sourceId, t.address)],
);
