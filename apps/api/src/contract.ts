// The API's contract: every route declares its answers as Fastify `response` schemas (zod, from
// @app/shared), which the serializer compiler (fastify-type-provider-zod) encodes every answer
// through: unknown keys are stripped and a mismatch is a 500, never a leak. A route registered
// without one fails at start-up. The routes and their schemas are kept in `app.contract`, the
// ground of an OpenAPI document. Every route is one of the route table's (packages/shared/src/routes.ts),
// with the table's answer, query and body schemas: the table is what the SPA's client is typed from.
import { CompatErrorSchema, ErrorBodySchema, RAW, ROUTES, type RouteSpec } from '@app/shared';
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

/** The routes the contract covers: the API, the viewer, /health and the mail clients' autoconfig file (the SPA's static files are outside it). */
const inContract = (url: string) =>
  url.startsWith('/api/') ||
  url.startsWith('/viewer/') ||
  url === '/health' ||
  url === '/.well-known/autoconfig/mail/config-v1.1.xml' ||
  url === '/mail/config-v1.1.xml';

/** Why `method url` with `schema` differs from its entry in the route table, or null when it agrees. */
export function tableMismatch(method: string, url: string, schema: FastifySchema): string | null {
  const key = `${method} ${url}`;
  const spec: RouteSpec | undefined = (ROUTES as Record<string, RouteSpec>)[key];
  if (!spec) return `${key} is not in the route table (packages/shared/src/routes.ts)`;
  const response = schema.response as Record<string, unknown>;
  for (const [status, answer] of Object.entries(response)) {
    if (!/^2\d\d$/.test(status)) continue;
    const raw = typeof answer === 'object' && answer !== null && 'content' in answer;
    if (spec.response === RAW ? !raw : answer !== spec.response)
      return `${key} answers ${status} with another schema than the route table's`;
  }
  if (schema.body !== spec.body) return `${key} takes another body than the route table's`;
  // The signed links the server writes itself (an attachment's, the image proxy's) keep their query to themselves.
  if (spec.query && schema.querystring !== spec.query) return `${key} takes another query than the route table's`;
  return null;
}

/** Call before any route is registered. */
export function registerContract(app: FastifyInstance): void {
  const routes: RouteContract[] = [];
  app.decorate('contract', routes);
  app.addHook('onRoute', (route) => {
    if (!inContract(route.url)) return;
    if (!route.schema?.response)
      throw new Error(`${String(route.method)} ${route.url} declares no response schema (see contract.ts)`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const mismatch = tableMismatch(method, route.url, route.schema);
      if (mismatch) throw new Error(mismatch);
      routes.push({ method, url: route.url, schema: route.schema, compatible: route.config?.compatible === true });
    }
  });
}
