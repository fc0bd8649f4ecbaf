// The api in a process of its own for the benches that measure it (bench/api.ts, bench/export.ts):
// started from bench/api-server.ts on the given environment, and a session cookie for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');

/**
 * Starts the api (`node [flags] --import tsx bench/api-server.ts`) and resolves once it listens.
 * BENCH_API_FLAGS adds V8 flags (space-separated), e.g. --cpu-prof for any bench that starts the api.
 */
export async function startApiProcess(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const flags = (process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', join(HERE, 'api-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  child.stderr!.on('data', (d: Buffer) => (errText = (errText + d.toString()).slice(-2000)));
  const port = await new Promise<number>((res, rej) => {
    const t = setTimeout(() => rej(new Error(`api did not start: ${errText}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      const m = /ready (\d+)/.exec(d.toString());
      if (m) {
        clearTimeout(t);
        res(Number(m[1]));
      }
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Signs in as the SPA does and returns the session cookie. */
export async function signInCookie(base: string, handle: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ handle, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
