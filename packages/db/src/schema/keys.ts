import { bigserial, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Wrapped data keys, kept apart from the content they seal: deleting a row here crypto-shreds
 * everything sealed under it, also in backups of the content tables (docs/security.md W11).
 */
export const keys = pgTable('keys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'aes' (AES-256-GCM) or 'triple' (three ciphers in cascade). */
  scheme: text('scheme').notNull(),
  wrapped: bytea('wrapped').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
