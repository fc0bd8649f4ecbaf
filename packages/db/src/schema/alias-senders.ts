import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { aliases } from './aliases';

/** Approved senders of a restricted alias: an address or `*.domain` (covers subdomains). */
export const aliasSenders = pgTable(
  'alias_senders',
  {
    id: serial('id').primaryKey(),
    aliasId: integer('alias_id')
      .notNull()
      .references(() => aliases.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    hostname: text('hostname'),
  },
  (t) => [unique('alias_senders_unique').on(t.aliasId, t.address)],
);
