import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { ErrorBodySchema, HealthResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Liveness of what the product depends on. Redis must refuse to evict keys, or queued jobs could
 * vanish under memory pressure (SECURITY.md D6): any other policy makes the check fail.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.services;
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : null;
  app.addHook('onClose', async () => {
    if (redis && redis.status !== 'wait') await redis.quit();
  });

  // 503 carries the same checks, so a monitor sees what is down.
  app.get('/health', { schema: { response: { 200: HealthResponseSchema, 503: HealthResponseSchema, '5xx': ErrorBodySchema } } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    try {
      await database.db.execute(sql`select 1`);
      checks.database = 'ok';
    } catch {
      checks.database = 'unreachable';
    }
    if (redis) {
      try {
        if (redis.status === 'wait') await redis.connect();
        const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as [string, string];
        checks.redis = policy === 'noeviction' ? 'ok' : `maxmemory-policy is ${policy}, must be noeviction`;
      } catch {
        checks.redis = 'unreachable';
      }
    }
    const ok = Object.values(checks).every((v) => v === 'ok');
    return reply.code(ok ? 200 : 503).send({ success: ok, checks });
  });
};
export default healthRoutes;
