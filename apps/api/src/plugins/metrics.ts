import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rawAnswer } from '../contract';

/**
 * `/metrics` (Prometheus text) and the request-duration histogram by route pattern. The proxy in
 * front refuses `/metrics` from outside (infra/Caddyfile); Prometheus scrapes the api directly.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metrics } = app.services;
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/alias/:id`), never the URL: ids and codes stay out of the labels.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get(
    '/metrics',
    { schema: { response: rawAnswer('text/plain', 'Prometheus text exposition of this process.', z.string()) } },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.text()),
  );
}
