// The API's contract (src/contract.ts): every route declares its response schemas, the app can
// list its routes with their schemas, and answers are encoded through them, so a column that is
// not in the schema never leaves and an answer that does not match is a 500, not a leak.
import {
  CompatErrorSchema,
  ErrorBodySchema,
  LoginBodySchema,
  OkResponseSchema,
  ResetRequestBodySchema,
  ROUTES,
  UserResponseSchema,
} from '@app/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { answers, registerContract, tableMismatch } from '../src/contract';
import { login, as, type TestApp } from './helpers';
import { createMember, testServices } from '@app/testing';

let t: TestApp;
beforeAll(async () => {
  const services = await testServices();
  const app = await buildApp(services, { webDist: '/nonexistent' });
  // Two routes that answer more, or less, than their schema, encoded like any route of the app (outside
  // the contract's paths, since the route table holds only the product's routes).
  const leaky = {
    id: 1,
    handle: 'leaky',
    name: 'Leaky',
    email: 'leaky@example.com',
    mobile: null,
    site_handle_prefix: false,
    approved: null,
    registered: null,
    is_admin: false,
    subscription: null,
  };
  app.get('/test-only/extra', { schema: { response: answers(UserResponseSchema) } }, async () => ({
    success: true as const,
    user: { ...leaky, passwordHash: '$argon2id$secret-hash', token: 'secret-session-token' },
    sessionSecret: 'secret-top-level',
  }));
  app.get('/test-only/broken', { schema: { response: answers(UserResponseSchema) } }, async () => ({
    success: true as const,
    user: { ...leaky, email: undefined as unknown as string, note: 'secret-note' },
  }));
  await app.ready();
  t = { app, services, close: async () => (await app.close(), await services.close()) };
});
afterAll(() => t.close());

/** `METHOD /path` of every route Fastify has, read back from its route tree (HEAD aside). */
function registeredRoutes(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const m = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(at + 3))!;
    stack.length = Math.round(at / 4);
    stack.push(m[1]!);
    for (const method of m[2]?.split(',').map((x) => x.trim()) ?? []) {
      if (method !== 'HEAD') found.push(`${method} ${stack.join('')}`);
    }
  }
  return found;
}

describe('every route declares its answers', () => {
  it('app.contract lists every registered route, each with a success schema and the error envelope (the compatible ones their own)', () => {
    const listed = t.app.contract.map((r) => `${r.method} ${r.url}`);
    expect(listed.length).toBeGreaterThan(50);
    expect(new Set(listed).size).toBe(listed.length);
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => !r.includes(' /test-only/'));
    expect(registered.sort()).toEqual([...listed].sort());
    // The API's own description is part of the contract it describes.
    expect(listed).toEqual(expect.arrayContaining(['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/:file']));
    for (const route of t.app.contract) {
      const response = route.schema.response as Record<string, unknown>;
      const success = Object.keys(response).filter((status) => /^2\d\d$/.test(status));
      expect(success.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
      // docs/security.md CP3: the compatible calls fail as the services they imitate do.
      const failure = route.compatible ? CompatErrorSchema : ErrorBodySchema;
      if (!['/api/health', '/health'].includes(route.url)) expect(response['4xx'], `${route.method} ${route.url}`).toBe(failure);
      expect(response['5xx'], `${route.method} ${route.url}`).toBe(failure);
    }
    // Request schemas travel with them: the alias update's body, the message's path ids.
    const update = t.app.contract.find((r) => r.method === 'PUT' && r.url === '/api/account/:id/alias/:aliasId')!;
    expect(update.schema.body).toBeDefined();
    expect(update.schema.params).toBeDefined();
  });

  it('every request and response schema converts to JSON Schema (the ground of an OpenAPI document)', () => {
    const failures: string[] = [];
    for (const route of t.app.contract) {
      const { response, ...request } = route.schema as Record<string, unknown>;
      const convert = (schema: unknown, io: 'input' | 'output', part: string) => {
        try {
          z.toJSONSchema(schema as z.ZodType, { io });
        } catch (err) {
          failures.push(`${route.method} ${route.url} ${part}: ${(err as Error).message}`);
        }
      };
      for (const [part, schema] of Object.entries(request)) convert(schema, 'input', part);
      for (const [status, answer] of Object.entries(response as Record<string, unknown>)) {
        const content = (answer as { content?: Record<string, { schema: unknown }> }).content;
        for (const schema of content ? Object.values(content).map((c) => c.schema) : [answer]) convert(schema, 'output', status);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a route without a response schema is refused when it is registered', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerContract(app);
    expect(() => app.get('/api/forgotten', async () => ({ success: true }))).toThrow(
      /GET \/api\/forgotten declares no response schema/,
    );
    await app.close();
  });

  it("a route missing from the route table, or answering another schema than the table's, is refused", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerContract(app);
    expect(() =>
      app.get('/api/forgotten', { schema: { response: answers(OkResponseSchema) } }, async () => ({ success: true })),
    ).toThrow('GET /api/forgotten is not in the route table (packages/shared/src/routes.ts)');
    expect(() =>
      app.get('/api/init', { schema: { response: answers(OkResponseSchema) } }, async () => ({ success: true })),
    ).toThrow("GET /api/init answers 200 with another schema than the route table's");
    const body = { response: answers(OkResponseSchema), body: LoginBodySchema.partial() };
    expect(() => app.post('/api/reset', { schema: body }, async () => ({ success: true }))).toThrow(
      "POST /api/reset takes another body than the route table's",
    );
    // The table's own schemas pass.
    expect(tableMismatch('POST', '/api/reset', { body: ResetRequestBodySchema, response: answers(OkResponseSchema) })).toBeNull();
    await app.close();
  });

  it("every route of the table is one of the app's (the table holds no route the api lost)", () => {
    const listed = new Set(t.app.contract.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ROUTES).filter((key) => !listed.has(key))).toEqual([]);
  });
});

describe('answers are encoded through their schema', () => {
  it('fields the schema does not name are never serialised, at any depth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test-only/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret');
    expect(Object.keys(res.json().user).sort()).toEqual(Object.keys(UserResponseSchema.shape.user.shape).sort());
  });

  it('an answer that does not match is a 500 in the error envelope, with nothing of the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test-only/broken' });
    expect(res.statusCode).toBe(500);
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({ success: false, code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('leaky');
  });

  it('real answers carry exactly their schema: the signed-in user has no hash, no token', async () => {
    const member = await createMember(t.services);
    const call = as(t.app, await login(t.app, member.handle, member.password));
    const res = await call({ method: 'GET', url: '/api/authenticate' });
    expect(res.statusCode).toBe(200);
    expect(UserResponseSchema.strict().safeParse(res.json()).success).toBe(true);
    expect(res.body).not.toContain(member.account.passwordHash!);
  });

  it('errors are checked too: a 404 is exactly the error envelope', async () => {
    const member = await createMember(t.services);
    const call = as(t.app, await login(t.app, member.handle, member.password));
    const res = await call({ method: 'GET', url: `/api/account/${member.account.id}/alias/2000000000` });
    expect(res.statusCode).toBe(404);
    expect(ErrorBodySchema.strict().parse(res.json())).toMatchObject({ code: 'NOT_FOUND' });
  });
});
