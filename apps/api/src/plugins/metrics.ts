import type { FastifyInstance } from 'fastify';
import { routeOf } from './access-log';

/**
 * The request-duration histogram by route pattern. The api's `/metrics` is served with its
 * `/health` on METRICS_PORT (startOpsServerIfConfigured), never on the web port.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metrics } = app.services;
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
