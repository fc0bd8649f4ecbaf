import { listPackages, listPublicSources, listSharedDomains } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InitOkSchema } from '@app/shared';
import { answers } from '../../contract';
import { serializeDomain, serializePackage, serializeSource } from '../../serializers/catalog';

/** Start-up data of the SPA (docs/product.md §7 GET /api/init). */
const initRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/init', { schema: { response: answers(InitOkSchema) } }, async () => {
    const { db } = app.services.database;
    const [packages, sources, domains] = await Promise.all([listPackages(db), listPublicSources(db), listSharedDomains(db)]);
    return {
      success: true as const,
      packages: packages.map(serializePackage),
      sources: sources.map(serializeSource),
      domains: domains.map(serializeDomain),
      keys: { stripe: app.services.config.STRIPE_PUBLISHABLE_KEY ?? '' },
      trash_grace_minutes: app.services.config.TRASH_GRACE_MINUTES,
    };
  });
};
export default initRoutes;
