/**
 * Graceful shutdown of the real processes (docs/security.md D1, D10): SIGTERM to the mx during an open
 * DATA ends with 250 after the commit, or with 421 and nothing stored, never a 250 without a
 * commit; SIGTERM to a worker lets the rows in hand finish and leaves the rest queued for the next.
 */
import { inbound, messages } from '@app/db';
import { startMx } from '@app/mx';
import { and, count, countDistinct, eq, gt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  type Cleanup,
  createAliasRow,
  exited,
  freePort,
  type ProcessRig,
  RawSmtp,
  simpleMessage,
  sleep,
  spawnApp,
  startRig,
  waitFor,
} from '@app/testing';

const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Rig extends ProcessRig {
  address: string;
}

/** A fresh database, a Redis of its own, one alias; the processes use the default queue prefix. */
async function rig(): Promise<Rig> {
  const r = await startRig('shutdown', cleanups);
  const alias = await createAliasRow(r.services, r.accountId);
  return { ...r, address: alias.address };
}

function start(app: string, r: Rig, extra: Record<string, string>): AppProcess {
  const child = spawnApp(app, { ...r.env, ...extra });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return child;
}

async function startMxProcess(r: Rig, extra: Record<string, string> = {}): Promise<{ proc: AppProcess; port: number }> {
  const port = await freePort();
  const ops = await freePort();
  const proc = start('mx', r, { SMTP_PORT: String(port), METRICS_PORT: String(ops), ...extra });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${ops}/health`).catch(() => null))?.ok, 60_000, 'mx ready').catch(
    (err: Error) => {
      throw new Error(`${err.message}\n${proc.output.join('')}`);
    },
  );
  return { proc, port };
}

const inboundRows = async (r: Rig) => Number((await r.services.database.db.select({ n: count() }).from(inbound))[0]!.n);

describe('SIGTERM to the mx during an open DATA', () => {
  it('lets the message finish with 250 after its commit, tells idle sessions 421, exits 0', async () => {
    const r = await rig();
    const mx = await startMxProcess(r);
    const idle = await RawSmtp.open(mx.port);
    const { client } = await RawSmtp.open(mx.port);
    await client.envelope('late@example.com', [r.address]);
    expect(await client.cmd('DATA')).toMatch(/^354/);
    const msg = simpleMessage({ subject: 'during shutdown' });
    client.write(msg.slice(0, 60));

    mx.proc.kill('SIGTERM');
    // The idle session hears of the shutdown first: the signal has been handled.
    expect(await idle.client.reply()).toMatch(/^421 4\.3\.2 /);
    expect(await inboundRows(r)).toBe(0);

    client.write(msg.slice(60) + '.\r\n');
    expect(await client.reply()).toMatch(/^250 2\.0\.0 Ok: queued as \d+/);
    // The answer is out; the session ends there.
    expect(await client.reply()).toMatch(/^421 4\.3\.2 /);
    expect(await client.waitClosed()).toBe(true);
    expect(await exited(mx.proc)).toBe(0);
    expect(await inboundRows(r)).toBe(1);
  });

  it('answers a transfer still running at the drain deadline with 421 and stores nothing', async () => {
    const r = await rig();
    const mx = await startMxProcess(r, { MX_CLOSE_TIMEOUT_MS: '1500' });
    const { client } = await RawSmtp.open(mx.port);
    await client.envelope('slow@example.com', [r.address]);
    expect(await client.cmd('DATA')).toMatch(/^354/);
    client.write(simpleMessage().slice(0, 60));

    mx.proc.kill('SIGTERM');
    // Never finished: the deadline passes with the message incomplete.
    expect(await client.reply(15_000)).toMatch(/^421 4\.3\.2 /);
    expect(await client.waitClosed()).toBe(true);
    expect(await exited(mx.proc)).toBe(0);
    expect(await inboundRows(r)).toBe(0);
  });
});

describe('SIGTERM to a worker', () => {
  it('finishes the rows in hand and leaves the rest queued: none stays claimed, each stored once', async () => {
    const N = 100;
    const r = await rig();
    // Mail accepted before any worker runs (the in-process mx only commits and queues).
    const mx = await startMx(r.services, { port: 0 });
    cleanups.push(() => mx.close());
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: mx.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 4,
    });
    const html = `<div>${'<p>Lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit.</p>'.repeat(800)}</div>`;
    await Promise.all(
      Array.from({ length: N }, (_, i) =>
        transport.sendMail({ from: 'w@example.com', to: r.address, subject: `w ${i}`, text: `m ${i}`, html }),
      ),
    );
    transport.close();

    const { db } = r.services.database;
    const stored = async () => {
      const [m] = await db.select({ n: count(), distinct: countDistinct(messages.inboundId) }).from(messages);
      return { messages: Number(m!.n), inbound: Number(m!.distinct) };
    };
    const first = start('worker', r, { INGEST_CONCURRENCY: '1', SWEEP_AFTER_MS: '600000' });
    await waitFor(async () => (await stored()).messages >= 5, 60_000, 'the worker to start storing');
    first.kill('SIGTERM');
    expect(await exited(first), first.output.join('').slice(-2000)).toBe(0);

    const midway = (await stored()).messages;
    expect(midway).toBeLessThan(N);
    // Nothing is left claimed by the stopped worker: what it held was finished before it exited.
    const [queued] = await db.select({ n: count() }).from(inbound).where(eq(inbound.state, 'queued'));
    expect(Number(queued!.n)).toBe(N - midway);
    const [claimed] = await db
      .select({ n: count() })
      .from(inbound)
      .where(and(eq(inbound.state, 'queued'), gt(inbound.claimedUntil, sql`now()`)));
    expect(Number(claimed!.n)).toBe(0);

    // The next worker stores the rest at once (no wait for a claim to run out), each message once.
    start('worker', r, { SWEEP_AFTER_MS: '600000' });
    await waitFor(async () => ((await stored()).messages >= N ? true : null), 60_000, `all ${N} stored`);
    await sleep(300);
    expect(await stored()).toEqual({ messages: N, inbound: N });
  });
});
