import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Processed Stripe webhook events, so a redelivery changes nothing (docs/security.md W8). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
