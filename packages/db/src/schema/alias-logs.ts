import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { aliases } from './aliases';

/** Activity of an alias: API changes and SMTP events (accepted, refused with the reason). */
export const aliasLogs = pgTable(
  'alias_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    aliasId: integer('alias_id')
      .notNull()
      .references(() => aliases.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    status: integer('status').notNull(),
    detail: text('detail'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alias_logs_alias_idx').on(t.aliasId, t.id.desc())],
);
