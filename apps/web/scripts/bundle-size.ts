// The initial JavaScript of a route, gzipped (docs/architecture.md §7 "SPA": goal < 120 KB for the login and
// inbox routes). Reads dist/.vite/manifest.json: the entry chunk and its static imports, plus each
// lazy module the route needs on first paint and their static imports. Run after `vite build`:
//   npx tsx scripts/bundle-size.ts
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** Lazy modules on the first paint of each route (router `lazy` + route `loader` + lazy sidebar). */
export const ROUTES: Record<string, string[]> = {
  '/auth/login': ['src/features/auth/login-page.tsx'],
  '/alias/{id}/inbox': [
    'src/features/aliases/alias-layout.tsx',
    'src/features/messages/inbox-page.tsx',
    'src/features/aliases/sidebar.tsx',
  ],
  '/alias/{id}/message/{id}': [
    'src/features/aliases/alias-layout.tsx',
    'src/features/messages/message-page.tsx',
    'src/features/aliases/sidebar.tsx',
  ],
};

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in manifest: ${key}`);
    if (seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

export function routeSize(modules: string[]) {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const files = [...closure([entry, ...modules])].filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip: gz };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [route, modules] of Object.entries(ROUTES)) {
    const s = routeSize(modules);
    console.log(
      `${route.padEnd(28)} ${String(s.files).padStart(2)} files  ${kb(s.raw).padStart(9)} raw  ${kb(s.gzip).padStart(8)} gzip`,
    );
  }
}
