import { listPackages, listPublicSources, listSharedDomains } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InitOkSchema, type PlanPrice } from '@app/shared';
import { answers } from '../../contract';
import { serializeDomain, serializePackage, serializeSource } from '../../serializers/catalog';
import { createPriceBook, createStripe } from '../billing/stripe';

/** Start-up data of the SPA (docs/product.md §7 GET /api/init). */
const initRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.services;
  // Numbers and prices only when the operator asked for them (docs/product.md §9); prices only while billing is on.
  const numbers = config.PRICING_DISPLAY === 'numbers';
  const stripe = numbers ? createStripe(config) : null;
  const priceOf = stripe ? createPriceBook(stripe) : null;

  app.get('/init', { schema: { response: answers(InitOkSchema) } }, async () => {
    const { db } = app.services.database;
    const [packages, sources, domains] = await Promise.all([listPackages(db), listPublicSources(db), listSharedDomains(db)]);
    const prices: PlanPrice[] = [];
    if (priceOf) {
      const billed = await Promise.all(packages.map((p) => (p.stripeId ? priceOf(p.stripeId) : null)));
      packages.forEach((p, i) => {
        const price = billed[i];
        if (price) prices.push({ package_id: p.id, ...price });
      });
    }
    return {
      success: true as const,
      packages: packages.map(serializePackage),
      sources: sources.map(serializeSource),
      domains: domains.map(serializeDomain),
      keys: { stripe: config.STRIPE_PUBLISHABLE_KEY ?? '' },
      pricing: { numbers, prices },
      trash_grace_minutes: config.TRASH_GRACE_MINUTES,
    };
  });
};
export default initRoutes;
