/**
 * Ingest with Rspamd on and off (docs/spam.md, docs/performance.md §1): the same 20 KB messages over
 * SMTP into the mx and the worker, once without RSPAMD_URL and once asking a real Rspamd (the one
 * scripts/rspamd.sh runs; RSPAMD_URL, default http://127.0.0.1:11333) after DATA. Figures: messages
 * per second end to end (250 → stored), and CPU per message of this process (mx + worker in one
 * process, embedded PGlite) and of Rspamd's processes.
 *
 * Small on purpose (BENCH_SPAM_N, default 300 messages, 4 reused sessions): it shows what scoring
 * adds per message, not the peak rate (the ingest bench measures that on Postgres).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accounts, insertAlias, messages, seed } from '@app/db';
import { startMx } from '@app/mx';
import { createServices, loadConfig } from '@app/runtime';
import { startWorker } from '@app/worker';
import { count, eq } from 'drizzle-orm';
import { cpuMs } from './processes';
import { load, messageFactory } from './smtp-client';

export interface SpamFigure {
  rspamd: 'off' | 'on';
  n: number;
  msgPerSec: number;
  /** CPU ms per message of the process running the mx and the worker. */
  appCpuMs: number;
  /** CPU ms per message of Rspamd's processes (0 when off). */
  rspamdCpuMs: number;
}

/** The pids of Rspamd's processes: those whose command is rspamd (its main process and workers). */
function rspamdPids(): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'rspamd') pids.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const rspamdCpu = () => rspamdPids().reduce((sum, pid) => sum + cpuMs(pid), 0);
const appCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function round(mode: 'off' | 'on', n: number, url: string): Promise<SpamFigure> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-spam-')),
    MASTER_KEY: randomBytes(32).toString('base64'),
    MAIL_DOMAIN: 'bench.localhost',
    LOG_LEVEL: 'silent',
    SMTP_PORT: '0',
    IMAP_PORT: '0',
    POP3_PORT: '0',
    ...(mode === 'on' ? { RSPAMD_URL: url } : {}),
  });
  const services = await createServices(config, { name: 'bench-spam' });
  const db = services.database.db;
  await seed(db, { mailDomain: 'bench.localhost', adminPasswordHash: async () => 'x' });
  const [acct] = await db
    .insert(accounts)
    .values({ handle: 'spam_bench', email: 'spam@bench.localhost', approvedAt: new Date(), registeredAt: new Date() })
    .returning({ id: accounts.id });
  const key = await services.keys.create(db, await services.keys.accountKey(db, acct!.id));
  const alias = await insertAlias(db, { accountId: acct!.id, domainId: 1, handle: 'spambench', keyId: key.id });
  const worker = await startWorker(services, { everyMs: { retention: 0 } });
  const mx = await startMx(services, { port: 0 });
  try {
    const to = 'spambench@bench.localhost';
    const message = messageFactory(mode, to);
    // Warm-up: the first messages pay for JIT and, with Rspamd, its connection.
    await load({ port: mx.port, n: 20, connections: 4, reuse: true, message, to });
    const stored = async () =>
      Number((await db.select({ n: count() }).from(messages).where(eq(messages.aliasId, alias!.id)))[0]!.n);
    while ((await stored()) < 20) await new Promise((r) => setTimeout(r, 20));
    const [app0, rs0, t0] = [appCpu(), rspamdCpu(), performance.now()];
    const result = await load({ port: mx.port, n, connections: 4, reuse: true, message: (i) => message(i + 20), to });
    while ((await stored()) < 20 + result.accepted) await new Promise((r) => setTimeout(r, 20));
    const ms = performance.now() - t0;
    const scored = await db.select({ action: messages.spamAction }).from(messages).where(eq(messages.aliasId, alias!.id));
    const unscored = scored.filter((m) => (mode === 'on' ? m.action === null || m.action === 'unscored' : m.action !== null));
    if (result.refused || unscored.length)
      throw new Error(`${mode}: ${result.refused} refused, ${unscored.length} with the wrong verdict`);
    const per = (v: number) => Math.round((v / result.accepted) * 100) / 100;
    return {
      rspamd: mode,
      n: result.accepted,
      msgPerSec: Math.round((result.accepted / ms) * 1000 * 10) / 10,
      appCpuMs: per(appCpu() - app0),
      rspamdCpuMs: mode === 'on' ? per(rspamdCpu() - rs0) : 0,
    };
  } finally {
    await mx.close();
    await worker.close();
    await services.close();
  }
}

export async function runSpamBench(): Promise<SpamFigure[]> {
  const n = Number(process.env.BENCH_SPAM_N ?? 300);
  const url = process.env.RSPAMD_URL ?? 'http://127.0.0.1:11333';
  const ping = await fetch(new URL('/ping', url), { signal: AbortSignal.timeout(2000) }).catch(() => null);
  if (!ping?.ok) throw new Error(`Rspamd does not answer at ${url}: start it with scripts/rspamd.sh start`);
  const figures = [await round('off', n, url), await round('on', n, url)];
  for (const f of figures)
    console.log(
      `rspamd ${f.rspamd.padEnd(3)}  ${f.n} msgs  ${f.msgPerSec} msg/s  app CPU ${f.appCpuMs} ms/msg  rspamd CPU ${f.rspamdCpuMs} ms/msg`,
    );
  return figures;
}
