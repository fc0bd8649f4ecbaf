import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bytea } from './keys';

/**
 * The browsers that asked for Web Push notifications (docs/product.md §3 "Notifications"). The
 * endpoint and its keys are sealed under the account key; only a hash of the endpoint is in clear,
 * to find the row again (docs/security.md NT2).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the endpoint URL, hex. */
    endpointHash: text('endpoint_hash').notNull(),
    /** `{ endpoint, keys: { p256dh, auth } }` as JSON, sealed under the account key. */
    sealed: bytea('sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('push_subscriptions_endpoint_key').on(t.endpointHash), index('push_subscriptions_account_idx').on(t.accountId)],
);
