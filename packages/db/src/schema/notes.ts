import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { aliases } from './aliases';
import { bytea, keys } from './keys';

/** Encrypted notes of an alias; the value is sealed under the note's own data key. */
export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  aliasId: integer('alias_id')
    .notNull()
    .unique()
    .references(() => aliases.id, { onDelete: 'cascade' }),
  label: text('label').notNull().default('Notes'),
  locked: boolean('locked').notNull().default(false),
  shield: boolean('shield').notNull().default(true),
  keyId: bigint('key_id', { mode: 'number' })
    .notNull()
    .references(() => keys.id),
  valueSealed: bytea('value_sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
