// docs/security.md names the tests that prove each requirement (`file` › "describe" › "test"). A
// renamed file or test must take its citation along, or the requirement loses its proof unseen.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** Every citation of the document: the file and the names after it. */
function citations(): Array<{ file: string; names: string[] }> {
  const doc = oneLine(readFileSync(join(ROOT, 'docs/security.md'), 'utf8'));
  return [...doc.matchAll(/`((?:apps|packages)\/[^`\s]+\.(?:test|spec)\.tsx?)`((?: ?› ?"[^"]+")+)/g)].map((m) => ({
    file: m[1]!,
    names: [...m[2]!.matchAll(/"([^"]+)"/g)].map((n) => n[1]!),
  }));
}

describe('test citations of docs/security.md', () => {
  it('are found in the document', () => {
    expect(citations().length).toBeGreaterThan(100);
  });

  it('name files that exist', () => {
    const doc = readFileSync(join(ROOT, 'docs/security.md'), 'utf8');
    const files = [...doc.matchAll(/`((?:apps|packages)\/[^`\s]+\.(?:test|spec)\.tsx?)`/g)].map((m) => m[1]!);
    expect(files.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('each name a test or a group of the file it cites', () => {
    const missing: string[] = [];
    for (const { file, names } of citations()) {
      const path = join(ROOT, file);
      const source = existsSync(path) ? oneLine(readFileSync(path, 'utf8')).replaceAll("\\'", "'") : '';
      for (const name of names) if (!source.includes(name)) missing.push(`${file} › "${name}"`);
    }
    expect(missing).toEqual([]);
  });
});
