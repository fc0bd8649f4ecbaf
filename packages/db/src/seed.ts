import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { accounts, domains, packages, sourceSenders, sources, subscriptions } from './schema/index';
import type { PackageFeatures, PackageLimits } from './schema/index';

const NO_FEATURES: PackageFeatures = {
  address_customization: false,
  triple_encryption: false,
  personal_domain: false,
  data_shredding: false,
};
const ALL_FEATURES: PackageFeatures = {
  address_customization: true,
  triple_encryption: true,
  personal_domain: true,
  data_shredding: true,
};

interface PackageSeed {
  id: number;
  handle: string;
  label: string;
  description: string;
  price: number;
  term: number;
  canCancel: boolean;
  canRenew: boolean;
  canUpgrade: boolean;
  features: PackageFeatures;
  limits: PackageLimits;
}

const PLUS_LIMITS: PackageLimits = { address_count: 100, storage_days: 180, storage_capacity: 5000, digest_frequency: 'D' };
const PLUS_FEATURES: PackageFeatures = {
  ...NO_FEATURES,
  address_customization: true,
  triple_encryption: true,
  data_shredding: true,
};
const PRO_LIMITS: PackageLimits = { address_count: null, storage_days: null, storage_capacity: 50000, digest_frequency: null };

/** Free = 1 and VIP = 2 are fixed by docs/product.md §9; the paid plans follow. */
export const PACKAGE_SEEDS: PackageSeed[] = [
  {
    id: 1,
    handle: 'free',
    label: 'Free',
    description: 'For trying aliases out: a few addresses, and mail kept for a week.',
    price: 0,
    term: 1,
    canCancel: false,
    canRenew: false,
    canUpgrade: true,
    features: NO_FEATURES,
    limits: { address_count: 10, storage_days: 7, storage_capacity: 100, digest_frequency: 'M' },
  },
  {
    id: 2,
    handle: 'vip',
    label: 'VIP',
    description: 'Everything, without limits.',
    price: 0,
    term: 1,
    canCancel: false,
    canRenew: false,
    canUpgrade: false,
    features: ALL_FEATURES,
    limits: { address_count: null, storage_days: null, storage_capacity: null, digest_frequency: null },
  },
  {
    id: 3,
    handle: 'plus-monthly',
    label: 'Plus (monthly)',
    description: 'For everyday sign-ups: many more aliases, addresses you choose, and mail that stays yours.',
    price: 300,
    term: 1,
    canCancel: true,
    canRenew: true,
    canUpgrade: true,
    features: PLUS_FEATURES,
    limits: PLUS_LIMITS,
  },
  {
    id: 4,
    handle: 'plus-yearly',
    label: 'Plus (yearly)',
    description: 'Plus, billed once a year.',
    price: 3000,
    term: 12,
    canCancel: true,
    canRenew: true,
    canUpgrade: true,
    features: PLUS_FEATURES,
    limits: PLUS_LIMITS,
  },
  {
    id: 5,
    handle: 'pro-monthly',
    label: 'Pro (monthly)',
    description: 'For your own domain: everything in Plus, aliases on a domain you own, and mail kept until you delete it.',
    price: 800,
    term: 1,
    canCancel: true,
    canRenew: true,
    canUpgrade: false,
    features: ALL_FEATURES,
    limits: PRO_LIMITS,
  },
  {
    id: 6,
    handle: 'pro-yearly',
    label: 'Pro (yearly)',
    description: 'Pro, billed once a year.',
    price: 8000,
    term: 12,
    canCancel: true,
    canRenew: true,
    canUpgrade: false,
    features: ALL_FEATURES,
    limits: PRO_LIMITS,
  },
];

const SOURCE_SEEDS = [
  { handle: 'github', label: 'GitHub', color: '#24292f', url: 'https://github.com', senders: ['*.github.com'] },
  {
    handle: 'amazon',
    label: 'Amazon',
    color: '#ff9900',
    url: 'https://amazon.com',
    senders: ['*.amazon.com', '*.amazonses.com'],
  },
  { handle: 'paypal', label: 'PayPal', color: '#003087', url: 'https://paypal.com', senders: ['*.paypal.com'] },
  { handle: 'netflix', label: 'Netflix', color: '#e50914', url: 'https://netflix.com', senders: ['*.netflix.com'] },
  { handle: 'stripe', label: 'Stripe', color: '#635bff', url: 'https://stripe.com', senders: ['*.stripe.com'] },
];

export interface SeedOptions {
  mailDomain: string;
  /** Stripe price ids by package handle (e.g. from configuration). */
  stripePrices?: Record<string, string>;
  /** Called only when the admin does not exist yet. */
  adminPasswordHash: () => Promise<string>;
  adminEmail?: string;
}

/** First-run data (docs/architecture.md §4). Idempotent: a second run changes nothing it already made. */
export async function seed(db: Db, opts: SeedOptions): Promise<{ adminCreated: boolean }> {
  for (const p of PACKAGE_SEEDS) {
    const row = { ...p, stripeId: opts.stripePrices?.[p.handle] ?? null, position: p.id };
    await db.insert(packages).values(row).onConflictDoUpdate({ target: packages.id, set: row });
  }
  await db
    .insert(domains)
    .values({ id: 1, handle: 'default', name: opts.mailDomain.toLowerCase(), verifiedAt: new Date() })
    .onConflictDoUpdate({ target: domains.id, set: { name: opts.mailDomain.toLowerCase() } });

  const existing = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.id} = 1`);
  let adminCreated = false;
  if (existing.length === 0) {
    const now = new Date();
    await db.insert(accounts).values({
      id: 1,
      handle: 'admin',
      name: 'Admin',
      email: opts.adminEmail ?? `admin@${opts.mailDomain}`,
      passwordHash: await opts.adminPasswordHash(),
      approvedAt: now,
      registeredAt: now,
    });
    await db.insert(subscriptions).values({ accountId: 1, packageId: 2 }).onConflictDoNothing();
    adminCreated = true;
  }

  for (const s of SOURCE_SEEDS) {
    const [row] = await db
      .insert(sources)
      .values({ handle: s.handle, label: s.label, color: s.color, url: s.url, isPublic: true })
      .onConflictDoNothing()
      .returning({ id: sources.id });
    if (row) {
      await db.insert(sourceSenders).values(s.senders.map((address) => ({ sourceId: row.id, address })));
    }
  }

  // Explicit ids above do not move the serial sequences; keep them past the seeded rows.
  for (const table of ['accounts', 'domains']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`),
    );
  }
  return { adminCreated };
}
