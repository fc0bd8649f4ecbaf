// The OpenAPI document (GET /api/openapi.json) is generated from app.contract: a real validator
// accepts it as OpenAPI 3.1, and every registered route is in it with its method, parameters and answers.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EXAMPLES, OPERATIONS } from '../src/routes/api-docs/operations';
import { build, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security: unknown[];
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every route of the contract with its method', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');

    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const paths = doc.paths as Record<string, Record<string, Operation>>;
    for (const route of t.app.contract) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const op = paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      // Path parameters are declared, and failures answer with the error envelope.
      for (const name of route.url.match(/:(\w+)/g) ?? []) {
        expect(
          op!.parameters.some((p) => p.in === 'path' && p.name === name.slice(1)),
          `${route.method} ${route.url} ${name}`,
        ).toBe(true);
      }
      // The compatible calls fail in the shape of the services they imitate (docs/bitwarden.md).
      const failure = route.compatible ? 'CompatError' : 'ErrorBody';
      expect(op!.responses['5XX']).toEqual(
        expect.objectContaining({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${failure}` } } } }),
      );
    }
    expect(Object.values(paths).flatMap((p) => Object.keys(p))).toHaveLength(t.app.contract.length);
    // Both ways in are described; bearer tokens only where they are accepted.
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['authentication', 'bearer', 'csrf', 'session']);
    expect(paths['/api/account/{id}/aliases']!.get!.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(paths['/api/account/{id}/tokens']!.post!.security).toEqual([{ session: [], csrf: [] }]);
    expect(paths['/api/account/{id}/tokens']!.post!.requestBody).toBeDefined();
    expect(paths['/api/admin/users']!.get!.security).toEqual([{ session: [] }]);
    expect(paths['/api/token']!.get!.security).toEqual([{ bearer: [] }]);
    expect(paths['/api/v1/aliases']!.post!.security).toEqual([{ bearer: [] }, { authentication: [] }]);
    expect(paths['/api/alias/random/new']!.options!.security).toEqual([]);
  });

  it('gives every operation a summary, a description and the tag of its area, and the main ones an example that fits', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const tags = (doc.tags as Array<{ name: string; description: string }>).map((x) => x.name);
    expect(tags).toEqual([
      'service',
      'sign-in',
      'admin',
      'billing',
      'domains',
      'messages',
      'aliases',
      'security',
      'compatible',
      'account',
    ]);
    for (const route of t.app.contract) {
      const op = paths[route.url.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      const name = `${route.method} ${route.url}`;
      expect(op.summary?.length, name).toBeGreaterThan(3);
      expect(op.description?.length, name).toBeGreaterThan(10);
      expect(op.tags, name).toHaveLength(1);
      expect(tags, name).toContain(op.tags![0]);
    }
    // No words for a route that does not exist.
    const routes = new Set(t.app.contract.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(OPERATIONS).filter((k) => !routes.has(k))).toEqual([]);
    // Tags by area: a few routes where the path alone could mislead.
    expect(paths['/api/token']!.get!.tags).toEqual(['security']);
    expect(paths['/api/account/{id}/alias/{aliasId}/trash']!.get!.tags).toEqual(['messages']);
    expect(paths['/api/account/{id}/alias/{aliasId}/notes']!.get!.tags).toEqual(['aliases']);
    expect(paths['/health']!.get!.tags).toEqual(['service']);
    expect(paths['/api/user_info']!.get!.tags).toEqual(['compatible']);
    // Each example is a real answer of its route: its success schema parses it.
    expect(Object.keys(EXAMPLES).length).toBeGreaterThanOrEqual(5);
    for (const [key, example] of Object.entries(EXAMPLES)) {
      const route = t.app.contract.find((r) => `${r.method} ${r.url}` === key)!;
      const answers = route.schema.response as Record<string, z.ZodType>;
      const success = Object.entries(answers).find(([status]) => /^2\d\d$/.test(status))![1];
      expect(() => success.parse(example), key).not.toThrow();
      const [status] = Object.entries(answers).find(([s]) => /^2\d\d$/.test(s))!;
      const op = paths[route.url.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      expect(
        (op.responses[status] as { content: Record<string, { example: unknown }> }).content['application/json']!.example,
      ).toEqual(example);
    }
  });

  it('GET /api/docs is a reference page on local files only, under a strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) {
      expect(src).toMatch(/^\/api\/docs\//);
      expect((await t.app.inject({ method: 'GET', url: src })).statusCode, src).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(400);
  });
});
