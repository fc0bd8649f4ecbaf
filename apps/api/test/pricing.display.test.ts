import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '@app/db/testing';
import { build } from './helpers';
import { startStripeStandIn, type StripeStandIn } from '@app/testing';

// Starting with STRIPE_PRICES writes the packages' price ids, which other files read: a database of its own.
describe('what the pricing page may show (PRICING_DISPLAY, docs/product.md §9)', () => {
  let database: ScratchDatabase | undefined;
  let stripe: StripeStandIn;
  const db = (): Record<string, string> => (database ? { DATABASE_URL: database.url } : {});

  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createScratchDatabase(process.env.DATABASE_URL, 'alias_pricing');
    stripe = await startStripeStandIn();
  });
  afterAll(async () => {
    await stripe?.close();
    await database?.drop();
  });

  const init = async (env: Record<string, string>) => {
    const t = await build({ ...db(), ...env });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/init' });
      expect(res.statusCode).toBe(200);
      return res.json();
    } finally {
      await t.close();
    }
  };

  // Each case starts a server of its own, which takes a while on a busy machine.
  it('by default: features only, no numbers and no prices, even with billing on', { timeout: 180_000 }, async () => {
    const body = await init({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_API_BASE: stripe.url });
    expect(body.pricing).toEqual({ numbers: false, prices: [] });
    expect(stripe.checkouts.length).toBe(0);
  });

  it('with numbers: the prices Stripe bills, for the packages that have a Stripe price', { timeout: 180_000 }, async () => {
    // Stripe's amount, not the package row's (300): checkout charges what Stripe says.
    stripe.prices.set('price_plus_m', { unit_amount: 450, currency: 'eur', interval: 'month' });
    stripe.prices.set('price_plus_y', { unit_amount: 4500, currency: 'eur', interval: 'year' });
    const body = await init({
      PRICING_DISPLAY: 'numbers',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: stripe.url,
      // pro-monthly's price is unknown to Stripe: it is left out, not guessed.
      STRIPE_PRICES: 'plus-monthly=price_plus_m,plus-yearly=price_plus_y,pro-monthly=price_missing',
    });
    expect(body.pricing.numbers).toBe(true);
    expect(body.pricing.prices).toEqual([
      { package_id: 3, amount: 450, currency: 'eur', interval: 'month' },
      { package_id: 4, amount: 4500, currency: 'eur', interval: 'year' },
    ]);
  });
});
