/**
 * Scale-out with plain processes (what `docker compose up --scale mx=2 --scale worker=2` runs):
 * two mx and two workers on one Postgres database and one Redis. Mail is spread over both mx
 * while one worker is SIGKILLed; every accepted message is stored exactly once, and the
 * `/metrics` of each process agrees with what it was sent.
 */
import { inbound, messages } from '@app/db';
import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppProcess, type Cleanup, createAliasRow, exited, freePort, spawnApp, startRig, waitFor } from '@app/testing';

const N = 120;

const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Reads one series of a process's `/metrics` (0 when not yet present). */
async function metric(port: number, series: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const healthy = async (port: number) => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.status === 200;

function start(app: string, env: Record<string, string>, extra: Record<string, string>): AppProcess {
  const child = spawnApp(app, { ...env, ...extra });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return child;
}

describe('scale-out: 2 mx + 2 workers on one Postgres and Redis', () => {
  it('stores every accepted message exactly once while a worker is SIGKILLed; /metrics agree', async () => {
    const { env, services, accountId } = await startRig('scale', cleanups);
    const { db } = services.database;
    const aliases = [await createAliasRow(services, accountId), await createAliasRow(services, accountId)];
    const aliasIds = aliases.map((a) => a.id);

    const mx = await Promise.all([0, 1].map(async () => ({ smtp: await freePort(), ops: await freePort() }))).then((ports) =>
      ports.map((p) => ({ ...p, proc: start('mx', env, { SMTP_PORT: String(p.smtp), METRICS_PORT: String(p.ops) }) })),
    );
    const workers = await Promise.all([0, 1].map(() => freePort())).then((ports) =>
      ports.map((ops) => ({
        ops,
        proc: start('worker', env, { METRICS_PORT: String(ops), SWEEP_AFTER_MS: '3000', SWEEP_EVERY_MS: '1000' }),
      })),
    );
    for (const p of [...mx, ...workers]) {
      await waitFor(() => healthy(p.ops), 60_000, `process on :${p.ops} healthy`).catch((err: Error) => {
        throw new Error(`${err.message}\n${p.proc.output.join('').slice(-2000)}`);
      });
    }

    const stored = async () => {
      const [m] = await db
        .select({ n: count(), distinct: countDistinct(messages.inboundId) })
        .from(messages)
        .where(inArray(messages.aliasId, aliasIds));
      return { messages: Number(m!.n), inbound: Number(m!.distinct) };
    };

    // Mail over both mx (alternating), each answered before the transport reports it.
    const transports = mx.map((m) =>
      nodemailer.createTransport({
        host: '127.0.0.1',
        port: m.smtp,
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 3,
      }),
    );
    const acceptedBy = [0, 0];
    const send = async (from: number, to: number) => {
      await Promise.all(
        Array.from({ length: to - from }, async (_, k) => {
          const i = from + k;
          const info = await transports[i % 2]!.sendMail({
            from: 'scale@example.com',
            to: aliases[i % 2]!.address,
            subject: `scale ${i}`,
            text: `message ${i}\n${'lorem ipsum '.repeat(2000)}`,
          });
          expect(info.response).toMatch(/^250 /);
          acceptedBy[i % 2]!++;
        }),
      );
    };

    // Half the mail, then worker 0 is killed while it is storing and the rest still arrives.
    await send(0, N / 2);
    await waitFor(async () => (await stored()).messages >= 10, 60_000, 'the workers to start storing');
    const killedLast = await metric(workers[0]!.ops, 'ingest_messages_total{result="stored"}');
    workers[0]!.proc.kill('SIGKILL');
    await exited(workers[0]!.proc);
    const atKill = (await stored()).messages;
    await send(N / 2, N);
    transports.forEach((t) => t.close());
    expect(acceptedBy).toEqual([N / 2, N / 2]);

    // The survivor takes over the rest, including the jobs the killed worker held.
    await waitFor(async () => ((await stored()).messages >= N ? true : null), 120_000, `all ${N} stored`).catch((err: Error) => {
      throw new Error(`${err.message}\nworker output:\n${workers[1]!.proc.output.join('').slice(-3000)}`);
    });
    expect(await stored()).toEqual({ messages: N, inbound: N });
    const [done] = await db
      .select({ n: count() })
      .from(inbound)
      .where(and(eq(inbound.state, 'done')));
    expect(Number(done!.n)).toBe(N);

    // Each mx counted exactly the messages it answered 250 for.
    for (const [i, m] of mx.entries()) {
      expect(await metric(m.ops, 'smtp_messages_total{result="accepted"}'), `mx ${i}`).toBe(acceptedBy[i]);
    }
    // The survivor stored what the killed worker had not: at least N minus what the database
    // held when it died, at most N minus what the killed worker had reported.
    const survivor = await metric(workers[1]!.ops, 'ingest_messages_total{result="stored"}');
    expect(survivor).toBeGreaterThanOrEqual(N - atKill);
    expect(survivor).toBeLessThanOrEqual(N - killedLast);
    expect(await metric(workers[1]!.ops, 'ingest_latency_seconds_count')).toBe(survivor);
    expect(await metric(workers[1]!.ops, 'ingest_messages_total{result="failed"}')).toBe(0);
    expect(await metric(workers[1]!.ops, 'inbound_queued')).toBe(0);
    for (const p of [...mx, workers[1]!]) expect(await healthy(p.ops)).toBe(true);
  }, 240_000);
});
