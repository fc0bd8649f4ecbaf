import { FREE_PACKAGE_ID, formatBytes, type Package, type PlanPrice } from '@app/shared';

/**
 * The rows of the package comparison (docs/product.md §9), each with what it means in plain words.
 * The Subscription screen lists the same features with the same words.
 */
export const FEATURE_ROWS: Array<{ key: keyof Package['features']; label: string; explain: string }> = [
  {
    key: 'address_customization',
    label: 'Address customisation',
    explain: 'Choose the address yourself, like shop.jane@…, instead of a random one.',
  },
  {
    key: 'personal_domain',
    label: 'Personal domain',
    explain: 'Aliases on a domain you own, so they keep working wherever you go.',
  },
  {
    key: 'triple_encryption',
    label: 'Triple encryption',
    explain: 'Stored mail is locked three times over, with three different ciphers: one broken cipher still reveals nothing.',
  },
  {
    key: 'data_shredding',
    label: 'Data shredding',
    explain: 'Mail you delete is destroyed with its key, so not even a backup can bring it back.',
  },
];

export const LIMIT_ROWS: Array<{ key: 'storage_capacity' | 'storage_days' | 'address_count'; label: string; explain: string }> = [
  { key: 'address_count', label: 'Aliases', explain: 'How many addresses you can have at once.' },
  { key: 'storage_days', label: 'Message storage', explain: 'How long mail is kept before it is deleted by itself.' },
  { key: 'storage_capacity', label: 'Storage capacity', explain: 'How much mail all your aliases can hold together.' },
];

/**
 * A limit as words: null is unlimited (docs/product.md §9). Its number is shown only when the operator
 * chose to show numbers (PRICING_DISPLAY); otherwise it reads "Limited".
 */
export function limitText(key: (typeof LIMIT_ROWS)[number]['key'], value: number | null, numbers = false): string {
  if (value === null) return key === 'storage_days' ? 'Kept until you delete' : 'Unlimited';
  if (!numbers) return 'Limited';
  if (key === 'address_count') return value === 1 ? '1 alias' : `${value} aliases`;
  if (key === 'storage_days') return value === 1 ? '1 day' : `${value} days`;
  return formatBytes(value);
}

const PER: Record<string, string> = { day: 'a day', week: 'a week', month: 'a month', year: 'a year' };

/** A price as Stripe bills it: "€4.50 a month". */
export function priceText(price: Pick<PlanPrice, 'amount' | 'currency' | 'interval'>): string {
  const amount = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
    minimumFractionDigits: price.amount % 100 === 0 ? 0 : 2,
  }).format(price.amount / 100);
  return `${amount} ${PER[price.interval] ?? `per ${price.interval}`}`;
}

/** A plan's name without its billing term: the monthly and yearly packages of a plan are one plan. */
export function planName(label: string): string {
  return (
    label
      .replace(/\b(monthly|yearly|annual|annually)\b|[()]/gi, '')
      .replace(/[\s\-–]+$/, '')
      .replace(/\s+/g, ' ')
      .trim() || label
  );
}

export type ComparedPlan = Package & { name: string; prices: PlanPrice[] };

/**
 * The plans to compare: Free, and each plan that can be bought (a price above zero), with the prices
 * of all its billing terms. A plan that is only granted (VIP) has no column: nobody can choose it.
 */
export function comparablePackages(packages: readonly Package[], prices: readonly PlanPrice[] = []): ComparedPlan[] {
  const byName = new Map<string, ComparedPlan>();
  for (const p of [...packages].sort((a, b) => a.id - b.id)) {
    if (p.id !== FREE_PACKAGE_ID && p.price <= 0) continue;
    const name = planName(p.label);
    const key = name.toLowerCase();
    const plan = byName.get(key) ?? { ...p, name, prices: [] };
    plan.prices.push(...prices.filter((x) => x.package_id === p.id));
    byName.set(key, plan);
  }
  return [...byName.values()];
}
