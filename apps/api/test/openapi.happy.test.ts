// The OpenAPI document (GET /api/openapi.json) is generated from app.contract: a real validator
// accepts it as OpenAPI 3.1, and every registered route is in it with its method, parameters and answers.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

type Operation = {
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
      expect(op!.responses['5XX']).toEqual(
        expect.objectContaining({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } }),
      );
    }
    expect(Object.values(paths).flatMap((p) => Object.keys(p))).toHaveLength(t.app.contract.length);
    // Both ways in are described; bearer tokens only where they are accepted.
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'csrf', 'session']);
    expect(paths['/api/account/{id}/aliases']!.get!.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(paths['/api/account/{id}/tokens']!.post!.security).toEqual([{ session: [], csrf: [] }]);
    expect(paths['/api/account/{id}/tokens']!.post!.requestBody).toBeDefined();
    expect(paths['/api/admin/users']!.get!.security).toEqual([{ session: [] }]);
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
