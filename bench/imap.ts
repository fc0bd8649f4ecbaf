/**
 * A large mailbox over IMAP (docs/mail-clients.md, limits): one alias of 100 000 messages
 * (BENCH_IMAP_SIZE) on real Postgres, the mail access in a process of its own with its production
 * heap flags; times LOGIN + SELECT of the alias's folder and the first `FETCH 1:50 (UID FLAGS
 * ENVELOPE)` of a session (the second since start: the first also loads code) and a NOOP after them
 * (a poll that finds nothing new), and reads the process's RSS. Goals: under 200 ms each (NOOP under
 * 50 ms), RSS under 150 MB.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { insertApiToken } from '@app/db';
import { createServices, hashToken, loadConfig, type Services } from '@app/runtime';
import { benchBackends } from './api';
import { freePort, peakRssMb, waitPort } from './processes';
import { seedMember, storeMessages } from './member';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface ImapFigure {
  messages: number;
  loginSelectMs: number;
  firstFetchMs: number;
  noopMs: number;
  rssMb: number | null;
}

/** A minimal IMAP client: sends a tagged command and resolves with everything up to its tagged answer. */
function imapClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  let buffer = '';
  let wake: (() => void) | null = null;
  socket.on('data', (d: Buffer) => {
    buffer += d.toString('latin1');
    wake?.();
  });
  let n = 0;
  const until = async (test: (s: string) => boolean) => {
    while (!test(buffer)) await new Promise<void>((r) => (wake = r));
    const out = buffer;
    buffer = '';
    return out;
  };
  return {
    greeting: () => until((s) => s.includes('\r\n')),
    async command(text: string): Promise<string> {
      const tag = `t${++n}`;
      socket.write(`${tag} ${text}\r\n`);
      const out = await until((s) => new RegExp(`(^|\\r\\n)${tag} (OK|NO|BAD)[^\\r\\n]*\\r\\n$`).test(s));
      if (!new RegExp(`(^|\\r\\n)${tag} OK`).test(out)) throw new Error(`${text.split(' ')[0]}: ${out.slice(-200)}`);
      return out;
    },
    close: () => socket.destroy(),
  };
}

export async function runImapBench(): Promise<ImapFigure> {
  const size = Number(process.env.BENCH_IMAP_SIZE ?? 100_000);
  const { env, database, children } = await benchBackends('bench_imap', 'bench-imap-');
  let services: Services | null = null;
  try {
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    const db = services.database.db;
    const member = await seedMember(services, env.MAIL_DOMAIN);
    const started = Date.now();
    await storeMessages(services, member, [{ alias: member.alias, n: size }], env.MAIL_DOMAIN);
    await database.settle();
    console.log(`stored ${size} messages in one alias in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const token = randomBytes(24).toString('base64url');
    await insertApiToken(db, {
      accountId: member.account.id,
      label: 'bench',
      scope: 'mail',
      tokenHash: hashToken(token),
      expiresAt: null,
    });

    const [imapPort, pop3Port] = [await freePort(), await freePort()];
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=4', '--max-old-space-size=128', '--import', 'tsx', join(ROOT, 'apps/imap/src/main.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, ...env, IMAP_PORT: String(imapPort), POP3_PORT: String(pop3Port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.push(child);
    let errText = '';
    child.stderr!.on('data', (d: Buffer) => (errText = (errText + d.toString()).slice(-2000)));
    await waitPort(imapPort, 120_000).catch((err: Error) => {
      throw new Error(`the mail access did not start: ${err.message} ${errText}`);
    });

    const folder = `Aliases/${member.alias.handle}@${env.MAIL_DOMAIN}`;
    /** One session: LOGIN + SELECT, then the first FETCH of 50, timed. */
    const session = async () => {
      const client = imapClient(imapPort);
      await client.greeting();
      const t0 = performance.now();
      await client.command(`LOGIN ${member.handle} "${token}"`);
      const selected = await client.command(`SELECT "${folder}"`);
      const loginSelectMs = Math.round(performance.now() - t0);
      if (!selected.includes(`* ${size} EXISTS`)) throw new Error(`SELECT: ${selected.slice(0, 200)}`);
      const t1 = performance.now();
      const fetched = await client.command('FETCH 1:50 (UID FLAGS ENVELOPE)');
      const firstFetchMs = Math.round(performance.now() - t1);
      if ((fetched.match(/^\* \d+ FETCH/gm) ?? []).length !== 50) throw new Error(`FETCH: ${fetched.slice(0, 200)}`);
      // What a client polling the folder (NOOP, or IDLE's wake-ups) costs when nothing changed.
      const t2 = performance.now();
      await client.command('NOOP');
      const noopMs = Math.round(performance.now() - t2);
      client.close();
      return { loginSelectMs, firstFetchMs, noopMs };
    };
    // The process's first session also loads its code paths; the figure is a session after it.
    const cold = await session();
    console.log(`first session after start: LOGIN + SELECT ${cold.loginSelectMs} ms, FETCH 1:50 ${cold.firstFetchMs} ms`);
    const figure = { messages: size, ...(await session()), rssMb: peakRssMb(child.pid, 'VmRSS') };
    console.log(
      `IMAP, one alias of ${size} messages: LOGIN + SELECT ${figure.loginSelectMs} ms, first FETCH 1:50 ${figure.firstFetchMs} ms, NOOP ${figure.noopMs} ms, RSS ${figure.rssMb} MB`,
    );
    return figure;
  } finally {
    await services?.close().catch(() => undefined);
    for (const c of children) c.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    await database.drop().catch(() => undefined);
  }
}
