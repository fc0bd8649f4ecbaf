import { pingDatabase } from '@app/db';
import { HealthCheck } from '@app/runtime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness of Postgres and Redis (HealthCheck: Redis must also refuse to evict, SECURITY.md D6). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.services;
  const health = new HealthCheck(config, () => pingDatabase(database.db));
  app.addHook('onClose', () => health.close());

  app.get('/health', async (_request, reply) => {
    const { ok, checks } = await health.check();
    return reply.code(ok ? 200 : 503).send({ success: ok, checks });
  });
};
export default healthRoutes;
