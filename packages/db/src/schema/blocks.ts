import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { aliases } from './aliases';

/**
 * Blocked senders (docs/product.md §3 "Blocked senders"): mail from `value` (an address, or a
 * domain with its subdomains) is refused for one alias, or for the whole account when `aliasId`
 * is null. `hits` counts the refusals; nothing of a refused message is kept.
 */
export const blocks = pgTable(
  'blocks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    aliasId: integer('alias_id').references(() => aliases.id, { onDelete: 'cascade' }),
    /** 'sender' | 'domain' */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    hits: integer('hits').notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blocks_rule_key').on(t.accountId, sql`coalesce(${t.aliasId}, 0)`, t.kind, t.value)],
);
