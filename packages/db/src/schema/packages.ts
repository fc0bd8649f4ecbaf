import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export interface PackageFeatures {
  address_customization: boolean;
  triple_encryption: boolean;
  personal_domain: boolean;
  data_shredding: boolean;
}
export interface PackageLimits {
  address_count: number | null;
  storage_days: number | null;
  storage_capacity: number | null;
  digest_frequency: string | null;
}

export const packages = pgTable('packages', {
  id: integer('id').primaryKey(),
  handle: text('handle').notNull().unique(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  /** Price in cents per term. */
  price: integer('price').notNull().default(0),
  /** 12 means yearly, anything else monthly (docs/product.md §3). */
  term: integer('term').notNull().default(1),
  stripeId: text('stripe_id'),
  canCancel: boolean('can_cancel').notNull().default(false),
  canRenew: boolean('can_renew').notNull().default(false),
  canUpgrade: boolean('can_upgrade').notNull().default(false),
  features: jsonb('features').$type<PackageFeatures>().notNull(),
  limits: jsonb('limits').$type<PackageLimits>().notNull(),
  position: integer('position').notNull().default(0),
});
