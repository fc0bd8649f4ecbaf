import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@app/runtime';
import { buildApp } from '../src/app';
import { testServices } from '@app/testing';

// A build output as the SPA's build writes it: hashed assets with their precompressed copies.
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'alias-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Alias Mail</title><script type="module" src="/assets/index-AbCd1234.js"></script>',
  );
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = join(dist, 'assets', 'index-AbCd1234.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  return dist;
}

describe('the SPA is served compressed and cached by name (docs/architecture.md §7)', () => {
  let services: Services;
  let app: FastifyInstance;
  beforeAll(async () => {
    services = await testServices();
    app = await buildApp(services, { webDist: fakeBuild() });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('sends the brotli copy of a hashed asset to a client that accepts it, immutable for a year', async () => {
    const res = await app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('has the page and unhashed files revalidated, so a new release is seen on the next load', async () => {
    const page = await app.inject({ url: '/alias/1/inbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});
