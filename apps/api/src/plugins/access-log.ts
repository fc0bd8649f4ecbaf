import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The route pattern (`/api/reset/:code`), never the URL: ids, codes and query strings stay out. */
export const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

/**
 * One `info` line per request, at every log level: method, route pattern, status, time and the
 * request id the error envelope also carries (docs/security.md DEP10). Fastify's own request
 * lines are off, since they carry the raw URL.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, route: routeOf(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
