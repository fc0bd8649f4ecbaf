import { pingDatabase } from '@app/db';
import { BUILD_INFO, HealthCheck } from '@app/runtime';
import { ErrorBodySchema, HealthResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness of Postgres and Redis (HealthCheck: Redis must also refuse to evict, docs/security.md D6). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.services;
  const health = new HealthCheck(config, () => pingDatabase(database.db));
  app.addHook('onClose', () => health.close());

  // 503 carries the same checks, so a monitor sees what is down.
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponseSchema, 503: HealthResponseSchema, '5xx': ErrorBodySchema } } },
    async (_request, reply) => {
      const { ok, checks } = await health.check();
      return reply.code(ok ? 200 : 503).send({ success: ok, ...BUILD_INFO, checks });
    },
  );
};
export default healthRoutes;
