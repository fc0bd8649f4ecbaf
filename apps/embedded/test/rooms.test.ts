// The import rules (docs/architecture.md §1) are the code's: each room's workspace `dependencies`
// in its package.json. The table of the docs, each room's README ("May import") and the imports of
// each room's src/ must say the same, so neither the docs nor the declarations drift from the code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ROOMS = ['packages', 'apps'].flatMap((group) => readdirSync(join(ROOT, group)).map((name) => `${group}/${name}`));

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
/** `@app/mail/sender-auth` → `@app/mail`. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, 2).join('/');
/** Every `@app/…` named in a text, as written (subpaths kept). */
const named = (text: string) => [...text.matchAll(/@app\/[a-z-]+(?:\/[a-z-]+)?/g)].map((m) => m[0]);

/** The workspace packages a room declares it imports. */
function declared(room: string): string[] {
  const pkg = JSON.parse(read(`${room}/package.json`)) as { dependencies?: Record<string, string> };
  return sorted(Object.keys(pkg.dependencies ?? {}).filter((name) => name.startsWith('@app/')));
}

/** Folders of a room that hold no source of its own: dependencies, builds, browser tests. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'e2e', 'test', '.wxt', '.output']);

/** What the source files of a room import from the workspace (tests left out), subpaths kept. */
function imported(room: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!NOT_SOURCE.has(entry.name)) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of read(path).matchAll(/(?:from|import)\s*\(?\s*'(@app\/[^']+)'/g)) found.push(m[1]!);
      }
    }
  };
  // The extension keeps its source at its root (WXT's entrypoints/, lib/, components/).
  walk(existsSync(join(ROOT, room, 'src')) ? `${room}/src` : room);
  return sorted(found);
}

/** The rooms table of docs/architecture.md §1: room → the third column's text. */
function docsTable(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of read('docs/architecture.md').matchAll(/^\| `((?:apps|packages)\/[a-z-]+)` \|.*\| ([^|]*) \|$/gm)) {
    rows.set(m[1]!, m[2]!);
  }
  return rows;
}

/** A README's "May import" sentence. */
function readmeRule(room: string): string {
  const at = read(`${room}/README.md`).split('**May import:**')[1];
  if (at === undefined) throw new Error(`${room}/README.md has no "**May import:**" line`);
  return at.split(/\.(?:\s|$)/)[0]!;
}

describe('import rules (docs/architecture.md §1)', () => {
  it('every room has a row in the docs table', () => {
    expect(sorted(docsTable().keys())).toEqual(sorted(ROOMS));
  });

  it.each(ROOMS)('%s: the docs table lists exactly its declared dependencies', (room) => {
    const column = docsTable().get(room) ?? '';
    const expected = declared(room);
    expect(sorted(named(column).map(packageOf)), `write "${expected.map((n) => `\`${n}\``).join(', ') || '—'}"`).toEqual(
      expected,
    );
  });

  it.each(ROOMS)('%s: the test kit is at most a devDependency (no process ships it)', (room) => {
    expect(declared(room)).not.toContain('@app/testing');
  });

  it.each(ROOMS)('%s: its README names exactly its declared dependencies', (room) => {
    expect(sorted(named(readmeRule(room)).map(packageOf))).toEqual(declared(room));
  });

  it.each(ROOMS)('%s: its source imports exactly its declared dependencies, through the subpaths the table allows', (room) => {
    const uses = imported(room);
    expect(sorted(uses.map(packageOf))).toEqual(declared(room));
    const subpaths = named(docsTable().get(room) ?? '').filter((n) => n !== packageOf(n));
    for (const use of uses) {
      const allowed = subpaths.filter((s) => packageOf(s) === packageOf(use));
      if (allowed.length) expect(allowed, `${room} imports ${use}`).toContain(use);
    }
  });
});
