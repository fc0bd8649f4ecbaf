// The version (the root package.json's, semver) and the git commit a build stamps into what it
// makes: the server bundles (scripts/build-app.mjs), the SPA (apps/web/vite.config.ts) and the
// image labels. GIT_COMMIT wins (the image is built without .git); else `git rev-parse`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../', import.meta.url);

export function buildInfo() {
  const { version } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
  let commit = process.env.GIT_COMMIT?.trim().slice(0, 12) || 'unknown';
  if (commit === 'unknown') {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      // Not a checkout: the commit stays unknown.
    }
  }
  return { version, commit };
}
