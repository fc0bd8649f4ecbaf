import { describe, expect, it } from 'vitest';
import { routeMethod, routeUrl } from './route-url';
import { ROUTES } from './routes';

describe('routeUrl', () => {
  it('fills each :name with its parameter, encoded as one path segment', () => {
    expect(routeUrl('GET /api/account/:id/alias/:aliasId', { id: 1, aliasId: 22 })).toBe('/api/account/1/alias/22');
    expect(routeUrl('GET /api/account/:id/aliases/by-handle/:handle', { id: 1, handle: 'shop@example.org' })).toBe(
      '/api/account/1/aliases/by-handle/shop%40example.org',
    );
    expect(routeUrl('GET /api/redeem/:code', { code: '../admin?x=1#y' })).toBe('/api/redeem/..%2Fadmin%3Fx%3D1%23y');
    expect(routeUrl('GET /api/account/:id/alias/:aliasId/export.mbox', { id: 3, aliasId: 4 })).toBe(
      '/api/account/3/alias/4/export.mbox',
    );
  });

  it('refuses a missing or empty parameter instead of calling another route', () => {
    expect(() => routeUrl('GET /api/account/:id/alias/:aliasId', { id: 1 })).toThrow(
      'GET /api/account/:id/alias/:aliasId: no value for :aliasId',
    );
    expect(() => routeUrl('GET /api/redeem/:code', { code: '' })).toThrow(/no value for :code/);
  });

  it('appends the query, encoded, leaving out undefined and null', () => {
    expect(routeUrl('GET /api/account/:id/search', { id: 1 }, { q: 'a&b=c ü', alias_id: undefined, cursor: null })).toBe(
      '/api/account/1/search?q=a%26b%3Dc+%C3%BC',
    );
    expect(routeUrl('GET /viewer/:userId/:aliasId/:messageId', { userId: 1, aliasId: 2, messageId: 3 }, { images: '1' })).toBe(
      '/viewer/1/2/3?images=1',
    );
    expect(routeUrl('GET /api/admin/dns-records', {}, {})).toBe('/api/admin/dns-records');
  });

  it('gives the method of a route', () => {
    expect(routeMethod('DELETE /api/account/:id/blocks')).toBe('DELETE');
  });

  it('builds a URL for every route of the table', () => {
    for (const key of Object.keys(ROUTES) as Array<keyof typeof ROUTES>) {
      const params = Object.fromEntries([...key.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 7]));
      const url = routeUrl(key, params);
      expect(url, key).toMatch(/^\/[^:\s]*$/);
      expect(`${routeMethod(key)} ${url}`, key).toBe(key.replace(/:\w+/g, '7'));
    }
  });
});
