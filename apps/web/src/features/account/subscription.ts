// What the Subscription screen offers, as pure functions (unit-tested in subscription.test.ts):
// which packages are upgrades, which of Cancel / Renew make sense, and the renewal line.
// docs/product.md §6: the package flags can_cancel, can_renew and can_upgrade control the buttons; §9:
// numeric limits and prices are never shown, the term (12 = yearly) is.
import { FREE_PACKAGE_ID, VIP_PACKAGE_ID, type Package } from '@app/shared';
import { FEATURE_ROWS, planName } from '../website/pricing';

export type FeatureKey = keyof Package['features'];

/** GET /api/account/{id}/subscription. `status` is null when the plan is not paid through Stripe. */
export type SubscriptionInfo = {
  billing: boolean;
  package: Package;
  subscription: { package_id: number; expires: string | null; status: string | null };
};

export type Term = 'monthly' | 'yearly';
export const termOf = (p: Pick<Package, 'term'>): Term => (p.term === 12 ? 'yearly' : 'monthly');
export const TERM_LABEL: Record<Term, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** One plan on offer (its monthly and yearly packages together), compared with the current one. */
export type UpgradePlan = {
  name: string;
  description: string;
  features: Package['features'];
  /** Features this plan has and the current package lacks, in FEATURE_ROWS order. */
  gains: FeatureKey[];
  /** True when this is the current plan on another billing term. */
  samePlan: boolean;
  /** The packages to buy, monthly first. `purchasable` is false without a Stripe price. */
  options: Array<{ pkg: Package; term: Term; purchasable: boolean }>;
};

/**
 * The upgrades offered to the holder of `current`: nothing when its can_upgrade is off; else every
 * paid package other than the current one, never Free (id 1) or VIP (id 2), grouped by plan.
 */
export function upgradePlans(packages: readonly Package[], current: Package): UpgradePlan[] {
  if (!current.can_upgrade) return [];
  const currentName = planName(current.label).toLowerCase();
  const groups = new Map<string, UpgradePlan>();
  for (const p of [...packages].sort((a, b) => a.id - b.id)) {
    if (p.id === FREE_PACKAGE_ID || p.id === VIP_PACKAGE_ID || p.id === current.id || p.price <= 0) continue;
    const name = planName(p.label);
    const key = name.toLowerCase();
    let plan = groups.get(key);
    if (!plan) {
      plan = {
        name,
        description: p.description,
        features: p.features,
        gains: FEATURE_ROWS.map((r) => r.key).filter((k) => p.features[k] && !current.features[k]),
        samePlan: key === currentName,
        options: [],
      };
      groups.set(key, plan);
    }
    plan.options.push({ pkg: p, term: termOf(p), purchasable: p.stripe_id !== null && p.stripe_id !== '' });
  }
  const plans = [...groups.values()];
  for (const plan of plans)
    plan.options.sort((a, b) => (a.term === b.term ? a.pkg.id - b.pkg.id : a.term === 'monthly' ? -1 : 1));
  return plans;
}

/** Stripe states in which the subscription is paid up or being collected, so it can be cancelled. */
const CANCELLABLE = new Set(['active', 'trialing', 'past_due']);

export type Actions = {
  cancel: boolean;
  renew: boolean;
  /** Whether Upgrade buttons are shown at all (the current package's can_upgrade). */
  upgrade: boolean;
  /** Buttons are shown but disabled while billing is off. */
  enabled: boolean;
};

/**
 * The buttons of the screen. Cancel needs the flag and a live Stripe subscription that is not
 * already ending; Renew needs the flag and a subscription set to end ('canceling'). A plan granted
 * without Stripe (status null: Free, VIP, the admin) has neither.
 */
export function subscriptionActions(info: SubscriptionInfo): Actions {
  const { status } = info.subscription;
  return {
    cancel: info.package.can_cancel && status !== null && CANCELLABLE.has(status),
    renew: info.package.can_renew && status === 'canceling',
    upgrade: info.package.can_upgrade,
    enabled: info.billing,
  };
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** 'Renews on …', 'Ends on …' or a payment problem; null when the plan has no end (Free, VIP). */
export function renewalText(sub: SubscriptionInfo['subscription']): { text: string; tone: 'ok' | 'ending' | 'problem' } | null {
  const when = sub.expires ? new Date(sub.expires) : null;
  const date = when && !Number.isNaN(when.getTime()) ? longDate.format(when) : null;
  switch (sub.status) {
    case 'canceling':
      return { text: date ? `Ends on ${date}` : 'Ends at the end of the period', tone: 'ending' };
    case 'active':
    case 'trialing':
      return date ? { text: `Renews on ${date}`, tone: 'ok' } : null;
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return { text: 'The last payment did not go through. Please update your payment details.', tone: 'problem' };
    case 'paused':
      return { text: 'Payments are paused.', tone: 'problem' };
    default:
      // Not paid through Stripe, or a state we do not know: only an end date, if any, means something.
      return date ? { text: `Ends on ${date}`, tone: 'ending' } : null;
  }
}
