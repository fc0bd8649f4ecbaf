import type { Config } from '@app/runtime';
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
