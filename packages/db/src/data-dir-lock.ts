import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Another live process has the embedded database of this DATA_DIR open (docs/security.md DEP9). */
export class DataDirBusyError extends Error {
  readonly code = 'EDATADIRBUSY';
}

interface Owner {
  pid: number;
  /** The process's start time (Linux /proc), so a recycled pid is not taken for the owner. */
  start: string | null;
}

/** Lock files this process holds. */
const held = new Set<string>();

function startOf(pid: number): string | null {
  try {
    // Field 22 of /proc/PID/stat, counted after the command name, which may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: Owner, file: string): boolean {
  // Our own pid in the file: held only if this process took it; otherwise it was left by an
  // earlier run that had the same pid (a container restarted: pid 1 again).
  if (owner.pid === process.pid) return held.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as { code?: string }).code === 'ESRCH') return false;
  }
  const start = startOf(owner.pid);
  return !(start && owner.start && start !== owner.start);
}

/**
 * Takes DATA_DIR's lock before PGlite opens it: PGlite is one process's database, and a second
 * process on the same files loses committed writes. A lock left by a process that died (killed,
 * crashed) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = resolve(join(dataDir, 'pglite.lock'));
  const me: Owner = { pid: process.pid, start: startOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      held.add(file);
      return () => {
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
    let owner: Owner | null = null;
    try {
      owner = JSON.parse(readFileSync(file, 'utf8')) as Owner;
    } catch {
      // Unreadable or half-written by a process that died at that instant: stale.
    }
    if (owner && isAlive(owner, file))
      throw new DataDirBusyError(
        `the product is running on this DATA_DIR (${resolve(dataDir)}, process ${owner.pid}); stop it first`,
      );
    rmSync(file, { force: true });
  }
  throw new DataDirBusyError(`the product is running on this DATA_DIR (${resolve(dataDir)}); stop it first`);
}
