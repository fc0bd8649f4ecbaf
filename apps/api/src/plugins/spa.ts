import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA with history fallback: unknown non-API GETs get index.html. */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<((url: string) => string | null)> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return () => null;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  const html = readFileSync(indexFile, 'utf8');
  return (url: string) => (url.startsWith('/api/') || url.startsWith('/viewer/') ? null : html);
}
