import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What is running: the release (semver, the root package.json) and the git commit it was built from. */
export interface BuildInfo {
  version: string;
  commit: string;
}

// Stamped into each bundle by scripts/build-app.mjs (the image has no .git); a checkout run with
// tsx (tests, `pnpm cli`) reads the same two facts itself.
declare const __BUILD_INFO__: BuildInfo | undefined;

function fromCheckout(): BuildInfo {
  const root = new URL('../../../', import.meta.url);
  const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // Not a checkout: the commit stays unknown.
  }
  return { version, commit };
}

export const BUILD_INFO: BuildInfo = typeof __BUILD_INFO__ !== 'undefined' ? __BUILD_INFO__ : fromCheckout();
