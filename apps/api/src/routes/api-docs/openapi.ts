// The OpenAPI 3.1 document of the API (docs/product.md §7), generated from `app.contract`: every route
// with its path and query parameters, request body and answers, converted from the same zod schemas
// that validate requests and encode answers, so the document cannot drift from the code.
import { BUILD_INFO } from '@app/runtime';
import { CompatErrorSchema, ErrorBodySchema } from '@app/shared';
import { z } from 'zod';
import type { RouteContract } from '../../contract';
import { apiTokenRefusal, TOKEN_SELF_ROUTE } from '../api-tokens/bearer';
import { EXAMPLES, OPERATIONS } from './operations';

type JsonSchema = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const COMPAT_ERROR_REF = { $ref: '#/components/schemas/CompatError' };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema as z.ZodType, { io });
  return rest;
}

/** `/api/account/:id/alias/:aliasId` → `/api/account/{id}/alias/{aliasId}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function parameters(schema: unknown, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function responses(answers: Record<string, unknown>, example: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(answers)) {
    const code = status.toUpperCase();
    if (answer === ErrorBodySchema) {
      out[code] = { description: 'Failure: the error envelope.', content: { 'application/json': { schema: ERROR_REF } } };
      continue;
    }
    if (answer === CompatErrorSchema) {
      out[code] = { description: 'Failure: `{error, message}`.', content: { 'application/json': { schema: COMPAT_ERROR_REF } } };
      continue;
    }
    const raw = answer as { description?: string; content?: Record<string, { schema: unknown }> };
    if (raw.content && !Object.keys(raw.content).length) {
      out[code] = { description: raw.description };
      continue;
    }
    out[code] = raw.content
      ? {
          description: raw.description,
          content: Object.fromEntries(
            Object.entries(raw.content).map(([type, c]) => [type, { schema: jsonSchema(c.schema, 'output') }]),
          ),
        }
      : {
          description: 'Success.',
          content: {
            'application/json': {
              schema: jsonSchema(answer, 'output'),
              ...(example !== undefined && /^2/.test(code) ? { example } : {}),
            },
          },
        };
  }
  return out;
}

/**
 * Who may call the route: account calls take the session cookie (writes with the CSRF header) or
 * an API token where tokens are accepted; admin calls the session only; the rest are public,
 * writes with the CSRF header (docs/security.md W2, TK1–TK3).
 */
function security(route: RouteContract): Array<Record<string, string[]>> {
  const write = !SAFE_METHODS.has(route.method);
  const session: Record<string, string[]> = write ? { session: [], csrf: [] } : { session: [] };
  if (route.url === TOKEN_SELF_ROUTE) return [{ bearer: [] }];
  // The compatible endpoints take a token in either header; their CORS preflights take nothing.
  if (route.compatible) return route.method === 'OPTIONS' ? [] : [{ bearer: [] }, { authentication: [] }];
  if (route.url.startsWith('/api/account/:id')) return apiTokenRefusal(route.url) ? [session] : [session, { bearer: [] }];
  if (route.url.startsWith('/api/admin/')) return [session];
  return write && route.url !== '/api/stripe/webhook' ? [{ csrf: [] }] : [];
}

/** The area of a route, by its path: each is one tag of the reference, in this order. */
const AREAS: Array<[tag: string, description: string, test: RegExp]> = [
  [
    'service',
    'Health, this document and its reference, the mail clients’ settings.',
    /^\/(health|api\/(health|openapi\.json|docs)|\.well-known\/autoconfig\/|mail\/config-v1\.1\.xml)/,
  ],
  [
    'sign-in',
    'Signing in and out, invitations links, registration and password resets.',
    /^\/api\/(init|login|logout|authenticate|authentication_silent|redeem|register|reset)\b/,
  ],
  ['admin', 'The administrator’s calls: users, sources, DNS records, failures.', /^\/api\/(admin\/|test$)/],
  ['billing', 'Subscriptions (Stripe).', /^\/api\/(account\/:id\/subscription|stripe\/)/],
  ['domains', 'Personal domains and their DNS records.', /^\/api\/account\/:id\/domains/],
  [
    'messages',
    'Reading, sorting and answering mail.',
    /^(\/api\/account\/:id\/alias\/:aliasId\/(message|messages|trash|trash_messages|restore_messages|mark_messages)\b|\/viewer\/|\/api\/image-proxy)/,
  ],
  [
    'aliases',
    'Aliases: create, change, notes, log, statistics, conversation, import and export.',
    /^\/api\/account\/:id\/(alias|aliases|check\/alias|generate\/alias)\b/,
  ],
  ['security', 'Two-factor, passkeys and API tokens.', /^\/api\/(token$|account\/:id\/(totp|passkeys|tokens))/],
  [
    'compatible',
    'addy.io- and SimpleLogin-compatible calls for password managers’ username generators (API token only, any origin).',
    /^\/api\/(v1\/|v5\/|alias\/random\/|user_info$)/,
  ],
  ['account', 'The profile, invitations, live updates, search, export and notifications.', /^\/api\//],
];

function tag(url: string): string {
  return AREAS.find(([, , test]) => test.test(url))?.[0] ?? 'service';
}

export function openApiDocument(routes: readonly RouteContract[], site: { url: string; cookie: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { params, querystring, body, response } = route.schema as Record<string, unknown>;
    const method = route.method.toLowerCase();
    const path = openApiPath(route.url);
    const key = `${route.method} ${route.url}`;
    (paths[path] ??= {})[method] = {
      operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => c?.toUpperCase() ?? '')}`,
      ...OPERATIONS[key],
      tags: [tag(route.url)],
      parameters: [...parameters(params, 'path'), ...parameters(querystring, 'query')],
      ...(body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } } }
        : {}),
      responses: responses(response as Record<string, unknown>, EXAMPLES[key]),
      security: security(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Alias mail API',
      version: BUILD_INFO.version,
      description:
        'Every answer is `{ success: true, … }`; every failure is the error envelope. Account calls take the session cookie ' +
        '(writes also the `X-Requested-With` header) or a personal API token as `Authorization: Bearer …`.',
    },
    servers: [{ url: site.url }],
    tags: AREAS.map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output'), CompatError: jsonSchema(CompatErrorSchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: site.cookie, description: 'The session cookie, set by POST /api/login.' },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Requested-With',
          description: 'Any value; required on every cookie-authenticated write.',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token (`amt_…`), created on the Profile screen.' },
        authentication: {
          type: 'apiKey',
          in: 'header',
          name: 'Authentication',
          description: 'A personal API token as SimpleLogin’s clients send it; only on the compatible calls.',
        },
      },
    },
  };
}
