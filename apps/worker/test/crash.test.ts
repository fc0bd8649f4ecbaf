/**
 * Crash tests (docs/security.md D4, D5, docs/architecture.md §3.2): mail answered 250 is never lost and never stored
 * twice, whether the worker is killed mid-way or Redis loses every job. They need separate
 * processes, so they always run on a real Postgres (TEST_PG_URL, default the local server) in a
 * fresh database, with Redis servers they start themselves; skipped when either is missing.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { inbound, messages } from '@app/db';
import { startMx, type MxHandle } from '@app/mx';
import { and, count, countDistinct, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  type Cleanup,
  createAliasRow,
  freePort,
  hasPg,
  hasRedis,
  PG_ADMIN,
  type ProcessRig,
  sleep,
  spawnApp,
  startRedis,
  startRig,
  waitFor,
} from '@app/testing';

const N = 100;

interface Rig extends ProcessRig {
  mx: MxHandle;
  aliasId: number;
  address: string;
}

const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function rig(redisPort: number): Promise<Rig> {
  const r = await startRig('crash', cleanups, { redisPort, env: { LOG_LEVEL: 'silent' } });
  const alias = await createAliasRow(r.services, r.accountId);
  const mx = await startMx(r.services, { port: 0 });
  cleanups.push(() => mx.close());
  return { ...r, mx, aliasId: alias.id, address: alias.address };
}

/** N messages of ~60 KB (HTML), each answered 250 before the next is sent. */
async function sendAll(r: Rig): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: r.mx.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 4,
  });
  const html = `<div>${'<p>Lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit.</p>'.repeat(800)}</div>`;
  const replies = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      transport.sendMail({ from: 'crash@example.com', to: r.address, subject: `crash ${i}`, text: `message ${i}`, html }),
    ),
  );
  transport.close();
  expect(replies.every((x) => x.response.startsWith('250 '))).toBe(true);
}

function startWorkerProcess(env: Record<string, string>): AppProcess {
  const child = spawnApp('worker', { ...env, INGEST_CONCURRENCY: '1', SWEEP_AFTER_MS: '1500', SWEEP_EVERY_MS: '500' });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return child;
}

async function stored(r: Rig): Promise<{ messages: number; inbound: number; done: number }> {
  const { db } = r.services.database;
  const [m] = await db
    .select({ n: count(), distinct: countDistinct(messages.inboundId) })
    .from(messages)
    .where(eq(messages.aliasId, r.aliasId));
  const [d] = await db
    .select({ n: count() })
    .from(inbound)
    .where(and(eq(inbound.state, 'done')));
  return { messages: Number(m!.n), inbound: Number(m!.distinct), done: Number(d!.n) };
}

async function expectAllOnce(r: Rig, child: { output: string[] }) {
  const final = await waitFor(
    async () => {
      const s = await stored(r);
      return s.messages >= N && s.done >= N ? s : null;
    },
    40_000,
    `all ${N} messages stored`,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\nworker output:\n${child.output.join('').slice(-3000)}`);
  });
  await sleep(500);
  expect(await stored(r)).toEqual({ messages: N, inbound: N, done: N });
  expect(final.messages).toBe(N);
}

describe('crash consistency (separate processes, real Postgres)', () => {
  // These need a real Postgres server and redis-server on the machine; missing ones fail, never skip.
  it('has Postgres and redis-server to run against', () => {
    expect(hasPg, `no Postgres at ${PG_ADMIN} (set TEST_PG_URL)`).toBe(true);
    expect(hasRedis, 'redis-server is not installed').toBe(true);
  });

  it('kill -9 of the worker mid-way: after a restart all 100 are stored exactly once', async () => {
    const port = await freePort();
    const redis = await startRedis(port);
    cleanups.push(() => void redis.kill('SIGKILL'));
    const r = await rig(port);
    await sendAll(r);
    expect((await stored(r)).messages).toBe(0);

    const first = startWorkerProcess(r.env);
    await waitFor(async () => (await stored(r)).messages >= 5, 30_000, 'the first worker to start storing');
    first.kill('SIGKILL');
    await new Promise((res) => first.once('exit', res));
    const midway = (await stored(r)).messages;
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(N);

    const second = startWorkerProcess(r.env);
    await expectAllOnce(r, second);
  });

  it('Redis killed with every wake-up in it: the worker takes all 100 from Postgres, stored exactly once', async () => {
    const port = await freePort();
    const redisA = await startRedis(port);
    let redisB: ChildProcess | null = null;
    // Registered first, so it runs last: the services close while Redis still answers.
    cleanups.push(() => void redisB?.kill('SIGKILL'));
    const r = await rig(port);
    await sendAll(r);
    redisA.kill('SIGKILL');
    await new Promise((res) => redisA.once('exit', res));
    redisB = await startRedis(port); // empty: no AOF, no RDB
    expect(
      spawnSync('redis-cli', ['-p', String(port), 'dbsize'])
        .stdout.toString()
        .trim(),
    ).toBe('0');

    const worker = startWorkerProcess(r.env);
    await expectAllOnce(r, worker);
  });
});
