// The API's contract: every route declares its answers as Fastify `response` schemas (zod, from
// @app/shared), which the serializer compiler (fastify-type-provider-zod) encodes every answer
// through: unknown keys are stripped and a mismatch is a 500, never a leak. A route registered
// without one fails at start-up. The routes and their schemas are kept in `app.contract`, the
// ground of an OpenAPI document.
import { CompatErrorSchema, ErrorBodySchema } from '@app/shared';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { z } from 'zod';

/** Every failure, 4xx or 5xx, has the one error envelope (errors.ts). */
const FAILURES = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/** A JSON answer: `schema` for `status`, the error envelope for failures. */
export function answers<S extends z.ZodType, C extends number = 200>(schema: S, status: C = 200 as C) {
  return { [status]: schema, ...FAILURES } as { [K in C]: S } & typeof FAILURES;
}

/**
 * An answer of a compatible endpoint (routes/compat/): failures take the shape of the service it
 * imitates, `{ error, message }`, instead of the error envelope.
 */
export function compatAnswers<S extends z.ZodType, C extends number = 200>(schema: S, status: C = 200 as C) {
  return { [status]: schema, '4xx': CompatErrorSchema, '5xx': CompatErrorSchema } as { [K in C]: S } & {
    '4xx': typeof CompatErrorSchema;
    '5xx': typeof CompatErrorSchema;
  };
}

/** A CORS preflight's answer: 204, no body. */
export const PREFLIGHT_ANSWER = {
  204: { description: 'No content: the CORS preflight answer.', content: {} },
  '4xx': CompatErrorSchema,
  '5xx': CompatErrorSchema,
} as const;

/**
 * A non-JSON answer (a download, a page, an event stream): sent as it is, never serialised, and
 * declared by content type so the contract still lists it.
 */
export function rawAnswer(contentType: string, description: string, schema: z.ZodType = z.string().meta({ format: 'binary' })) {
  return { 200: { description, content: { [contentType]: { schema } } }, ...FAILURES };
}

export interface RouteContract {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema;
  /** A compatible endpoint (routes/compat/): API token only, its own failure shape. */
  compatible: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's routes with their request and response schemas, in registration order. */
    contract: readonly RouteContract[];
  }
}

/** The routes the contract covers: the API, the viewer and /health (the SPA's static files are outside it). */
const inContract = (url: string) => url.startsWith('/api/') || url.startsWith('/viewer/') || url === '/health';

/** Call before any route is registered. */
export function registerContract(app: FastifyInstance): void {
  const routes: RouteContract[] = [];
  app.decorate('contract', routes);
  app.addHook('onRoute', (route) => {
    if (!inContract(route.url)) return;
    if (!route.schema?.response)
      throw new Error(`${String(route.method)} ${route.url} declares no response schema (see contract.ts)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, schema: route.schema, compatible: route.config?.compatible === true });
    }
  });
}
