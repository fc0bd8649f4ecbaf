import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, keys } from './keys';

/**
 * The VAPID key pair of Web Push (RFC 8292), made on first use when none is configured: one row,
 * id 1. The private key is sealed under a key wrapped by the master key, like DKIM keys.
 */
export const pushKeys = pgTable('push_keys', {
  id: integer('id').primaryKey(),
  /** Base64url uncompressed P-256 point, the browser's `applicationServerKey`. */
  publicKey: text('public_key').notNull(),
  keyId: bigint('key_id', { mode: 'number' })
    .notNull()
    .references(() => keys.id),
  privateSealed: bytea('private_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
