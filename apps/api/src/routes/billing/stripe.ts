import type { Config } from '@app/runtime';
import type { PlanPrice } from '@app/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';

/** The Stripe client, or null when billing is not configured. STRIPE_API_BASE lets tests point it at a local stand-in. */
export function createStripe(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The end of the paid period: on subscription items in current API versions. */
export function periodEnd(sub: Stripe.Subscription): Date | null {
  const end = sub.items?.data?.[0]?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return end ? new Date(end * 1000) : null;
}

export function priceOf(sub: Stripe.Subscription): string | null {
  return sub.items?.data?.[0]?.price?.id ?? null;
}

export type BilledPrice = Omit<PlanPrice, 'package_id'>;

/** How long a price read from Stripe is shown before it is read again. */
const PRICE_TTL_MS = 10 * 60_000;
/** The start-up data waits no longer than this for Stripe: a price it cannot read in time is not shown. */
const PRICE_WAIT_MS = 2000;

/**
 * The price Stripe bills for a price id (recurring prices only), read at most once per PRICE_TTL_MS:
 * the pricing page shows what checkout will charge, not a copy that may have drifted.
 */
export function createPriceBook(stripe: Stripe): (priceId: string) => Promise<BilledPrice | null> {
  const cache = new Map<string, { at: number; price: Promise<BilledPrice | null> }>();
  return (priceId) => {
    let hit = cache.get(priceId);
    if (!hit || Date.now() - hit.at > PRICE_TTL_MS) {
      const price = stripe.prices.retrieve(priceId).then(
        (p): BilledPrice | null =>
          p.unit_amount !== null && p.recurring
            ? { amount: p.unit_amount, currency: p.currency, interval: p.recurring.interval }
            : null,
        () => null,
      );
      hit = { at: Date.now(), price };
      cache.set(priceId, hit);
    }
    return Promise.race([hit.price, sleep(PRICE_WAIT_MS, null, { ref: false })]);
  };
}
