import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every built asset after its content hash, so a URL under /assets/ never changes meaning. */
const HASHED_ASSETS = '/assets/';

/**
 * Serves the built SPA with history fallback: unknown non-API GETs get index.html. Files come
 * precompressed from the build (`.br`, `.gz`; apps/web/precompress.ts) and are sent in the best
 * encoding the client accepts; hashed assets are cached for a year as immutable, anything else is
 * revalidated, so a new release is picked up on the next load (docs/architecture.md §7).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<(url: string) => string | null> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return () => null;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = path.startsWith(join(distDir, HASHED_ASSETS));
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = readFileSync(indexFile, 'utf8');
  // /health and /metrics are never the SPA: a probe or a scraper gets a 404, not a page with 200.
  return (url: string) => (/^\/(api|viewer)\/|^\/(health|metrics)(\/|\?|$)/.test(url) ? null : html);
}
