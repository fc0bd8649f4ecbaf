import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bytea, keys } from './keys';

/**
 * Mail domains: the shared one (id 1, no owner) and personal domains proven by a DNS TXT record.
 * A name is served by one row at most (shared or verified); before that, several accounts may
 * claim it, each once, and the first to prove it keeps it (docs/security.md W24).
 */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    /** Lower-case DNS name. */
    name: text('name').notNull(),
    ownerId: integer('owner_id').references(() => accounts.id, { onDelete: 'cascade' }),
    verifyToken: text('verify_token'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Outbound DKIM: RSA 2048 made on first use; the private key sealed under a key wrapped by the master key. */
    dkimSelector: text('dkim_selector'),
    /** Base64 SubjectPublicKeyInfo, the `p=` of the selector's TXT record. */
    dkimPublicKey: text('dkim_public_key'),
    dkimKeyId: bigint('dkim_key_id', { mode: 'number' }).references(() => keys.id, { onDelete: 'set null' }),
    dkimPrivateSealed: bytea('dkim_private_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('domains_name_key')
      .on(t.name)
      .where(sql`${t.verifiedAt} is not null or ${t.ownerId} is null`),
    uniqueIndex('domains_handle_key')
      .on(t.handle)
      .where(sql`${t.verifiedAt} is not null or ${t.ownerId} is null`),
    uniqueIndex('domains_claim_key')
      .on(t.ownerId, t.name)
      .where(sql`${t.verifiedAt} is null`),
  ],
);
