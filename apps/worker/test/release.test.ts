/**
 * The release path: a semver version in the root package.json with its CHANGELOG.md section, the
 * workflow that builds the images on a version tag as :X.Y.Z and :X.Y with the version and commit,
 * and the Dockerfile that turns them into labels and stamps the commit into the bundles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '@app/testing';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}

describe('releases', () => {
  it('package.json carries a semver version with its section in CHANGELOG.md (Keep a Changelog)', () => {
    expect(version).toMatch(/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/);
    const changelog = read('CHANGELOG.md');
    expect(changelog).toContain('[Keep a Changelog]');
    const sections = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((m) => m[1]);
    // Newest first, the current version on top.
    expect(sections[0]).toBe(version);
    const asNumber = (v: string) => v.split('.').reduce((n, part) => n * 1000 + Number(part), 0);
    expect([...sections].sort((a, b) => asNumber(b!) - asNumber(a!))).toEqual(sections);
  });

  it('builds both images on a version tag as :X.Y.Z and :X.Y, with the version and the commit', () => {
    const workflow = parse(read('.github/workflows/release.yml')) as {
      on: { push: { tags: string[] } };
      jobs: { images: { steps: Step[] } };
    };
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
    const steps = workflow.jobs.images.steps;
    // The tag must be package.json's version.
    expect(steps.some((s) => s.run?.includes(`"v$version" = "$GITHUB_REF_NAME"`))).toBe(true);
    const meta = steps.filter((s) => s.uses?.startsWith('docker/metadata-action@'));
    expect(
      meta.map((s) =>
        s
          .with!.tags!.trim()
          .split('\n')
          .map((l) => l.trim()),
      ),
    ).toEqual([
      ['type=semver,pattern={{version}}', 'type=semver,pattern={{major}}.{{minor}}'],
      ['type=semver,pattern={{version}},suffix=-one', 'type=semver,pattern={{major}}.{{minor}},suffix=-one'],
    ]);
    const builds = steps.filter((s) => s.uses?.startsWith('docker/build-push-action@'));
    expect(builds.map((s) => s.with!.target ?? 'app')).toEqual(['app', 'embedded']);
    for (const b of builds) {
      expect(b.with!.file).toBe('infra/Dockerfile');
      expect(b.with!['build-args']).toMatch(/^VERSION=\$\{\{ steps\.app\.outputs\.version \}\}$/m);
      expect(b.with!['build-args']).toMatch(/^GIT_COMMIT=\$\{\{ github\.sha \}\}$/m);
    }
  });

  it('the Dockerfile labels the image with VERSION and GIT_COMMIT and pins Node and pnpm', () => {
    const dockerfile = read('infra/Dockerfile');
    expect(dockerfile).toMatch(/org\.opencontainers\.image\.version=\$VERSION/);
    expect(dockerfile).toMatch(/org\.opencontainers\.image\.revision=\$GIT_COMMIT/);
    // The bundles are built with the commit (scripts/build-info.mjs reads GIT_COMMIT).
    expect(dockerfile).toMatch(/ENV GIT_COMMIT=\$GIT_COMMIT[\s\S]*RUN pnpm --filter @app\/web build/);
    for (const from of dockerfile.matchAll(/^FROM (node:\S+)/gm)) expect(from[1]).toMatch(/^node:\d+\.\d+\.\d+-/);
    const packageManager = (JSON.parse(read('package.json')) as { packageManager: string }).packageManager;
    expect(dockerfile).toContain(`npm i -g ${packageManager}`);
  });

  it('installs per image only the production dependencies its processes use: no web app, no benches, PGlite only in the one-container image', () => {
    const dockerfile = read('infra/Dockerfile');
    const stage = (name: string) => dockerfile.slice(dockerfile.indexOf(` AS ${name}\n`)).split(/\nFROM /)[0]!;
    const app = stage('prod-deps');
    expect(app).toMatch(
      /pnpm install --frozen-lockfile --prod --ignore-scripts --filter '@app\/api\.\.\.' --filter '@app\/mx\.\.\.' --filter '@app\/imap\.\.\.' --filter '@app\/worker\.\.\.'/,
    );
    expect(app).toMatch(/rm -rf node_modules\/\.pnpm\/@electric-sql\+pglite@\*/);
    expect(stage('prod-deps-one')).toMatch(/--prod --ignore-scripts --filter '@app\/embedded\.\.\.'/);
    expect(stage('app')).toContain('COPY --from=prod-deps /app /app');
    expect(stage('embedded')).toContain('COPY --from=prod-deps-one /app /app');
    // None of the four processes depends on the web app or the benches.
    for (const name of ['api', 'mx', 'imap', 'worker']) {
      const deps = Object.keys((JSON.parse(read(`apps/${name}/package.json`)) as { dependencies: object }).dependencies);
      expect(deps.filter((d) => d === '@app/web' || d === '@app/bench' || d === 'react')).toEqual([]);
    }
  });
});
