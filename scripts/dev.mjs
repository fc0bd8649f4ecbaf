// `pnpm dev`: the API, the mx and the worker in watch mode (tsx restarts a process when a source
// it loaded changes), beside Vite's dev server for the SPA (http://localhost:5173, proxying /api and
// /viewer to the API on :3000). Logs are pretty in a terminal (see packages/runtime/src/logger.ts).
//
// With DATABASE_URL and REDIS_URL set, api, mx and worker run as the three production processes.
// Without them they run together in the one-process launcher: the embedded database (PGlite)
// belongs to one process only.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
const watch = (entry) => [tsx, ['watch', '--clear-screen=false', entry]];

const split = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const servers = split
  ? ['apps/api/src/main.ts', 'apps/mx/src/main.ts', 'apps/worker/src/main.ts']
  : ['apps/embedded/src/main.ts'];
const commands = [...servers.map(watch), ['pnpm', ['--filter', '@app/web', 'dev']]];

console.log(
  split
    ? 'dev: api, mx and worker as separate processes (Postgres, Redis)'
    : 'dev: api, mx and worker in one process (embedded database)',
);
const children = commands.map(([cmd, args]) => spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' }));

// Ctrl-C reaches every child from the terminal; a TERM sent to this script is passed on.
let stopping = false;
process.on('SIGINT', () => (stopping = true));
process.on('SIGTERM', () => {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
});
let left = children.length;
for (const c of children) {
  c.on('exit', (code) => {
    // One process gone for good (not a watch restart) ends the session.
    if (!stopping) {
      stopping = true;
      for (const other of children) if (other !== c) other.kill('SIGTERM');
      process.exitCode = code ?? 1;
    }
    if (--left === 0) process.exit();
  });
}
