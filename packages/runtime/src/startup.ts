import { ConfigError, loadConfig, type Config } from './config';

/**
 * A reason a process cannot start that the operator can fix: its message is one line naming the
 * cause and the fix, and it is shown as it is, without a stack.
 */
export class StartupError extends Error {}

interface SystemError extends Error {
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
  path?: string;
}

/** The variable a port in use came from, for the fix. */
function portVariable(port: number | undefined, config: Config | undefined): string {
  if (config && port === config.SMTP_PORT) return 'SMTP_PORT';
  if (config && port === config.METRICS_PORT) return 'METRICS_PORT';
  return 'PORT';
}

/** One line naming the cause and the fix, for the failures an operator meets at start. */
export function startupLine(err: unknown, config?: Config): string {
  if (err instanceof ConfigError) return err.message.replace(/\n\s*/g, ' ');
  if (err instanceof StartupError) return err.message;
  const e = err as SystemError;
  if (e?.code === 'EADDRINUSE')
    return `${e.address ?? ''}:${e.port ?? ''} is in use by another process: stop it, or set ${portVariable(e.port, config)} to a free port`;
  if (e?.code === 'EACCES' && e.syscall === 'listen')
    return `port ${e.port ?? ''} needs privileges: use a port above 1023 and forward to it, or grant CAP_NET_BIND_SERVICE`;
  if (
    (e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND' || e?.code === 'ETIMEDOUT' || e?.code === 'EHOSTUNREACH') &&
    config?.DATABASE_URL
  )
    return `DATABASE_URL: Postgres at ${hostOf(config.DATABASE_URL)} does not answer (${e.code}): start it, or fix the host in DATABASE_URL`;
  if (e?.code === '3D000' && config?.DATABASE_URL) {
    const name = decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1));
    return `DATABASE_URL: the database "${name}" does not exist at ${hostOf(config.DATABASE_URL)} and this role may not create it: create it (createdb -h ${new URL(config.DATABASE_URL).hostname} ${name}) or fix DATABASE_URL`;
  }
  if (e?.code === '28P01' || e?.code === '28000')
    return `DATABASE_URL: Postgres refused the user (${e.message}): fix the user or password in DATABASE_URL`;
  return e instanceof Error ? e.message.split('\n')[0]! : String(err);
}

/** host:port of a URL, never its password. */
export function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? 6379 : 5432)}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Ends a process that could not start: one line, JSON for a log collector, readable on a terminal,
 * exit code 2 for a bad variable and 1 for anything else. A failure that is not one of those an
 * operator can fix keeps its stack in the JSON line, for the bug report.
 */
export function exitStartupFailure(name: string, err: unknown, config?: Config): never {
  const msg = `cannot start: ${startupLine(err, config)}`;
  const known = err instanceof ConfigError || err instanceof StartupError || !!(err as SystemError)?.code;
  if (process.stderr.isTTY) process.stderr.write(`${name}: ${msg}\n`);
  else {
    const stack = known ? undefined : (err as Error)?.stack;
    process.stderr.write(JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, name, msg, stack }) + '\n');
  }
  process.exit(err instanceof ConfigError ? 2 : 1);
}

/**
 * A process entry: parses the configuration and runs `start`; any failure on the way ends the
 * process with its one line (exitStartupFailure).
 */
export async function startOrExit<T>(name: string, start: (config: Config) => Promise<T>): Promise<T> {
  let config: Config | undefined;
  try {
    config = loadConfig();
    return await start(config);
  } catch (err) {
    exitStartupFailure(name, err, config);
  }
}
