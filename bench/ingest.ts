/**
 * SMTP ingest benchmark (docs/performance.md §1): 20 KB multipart messages over 8 connections that reuse their
 * session, end to end (SMTP 250 → parsed, sealed, stored, visible) on real Postgres and Redis,
 * side by side with MailDev (in-memory store), Postfix delivering durably into a Maildir (bench/postfix.ts)
 * and a bare discarding smtp-server in the same run. Every message is checked: each of ours is decrypted
 * and matched to its index, exactly once; each of Postfix's found in its Maildir, exactly once.
 *
 * Needs Postgres (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh
 * database is created and dropped) and `redis-server` on PATH (a private instance is started).
 * Postfix needs Debian's postfix without the system's configuration (run as root; without it the
 * Postfix peer alone is skipped, and the run says so):
 *   echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
 *   DEBIAN_FRONTEND=noninteractive apt-get install -y postfix
 * BENCH_N sets the message count (default 3000), BENCH_ROUNDS how often the reused-session phase
 * runs per target, interleaved (default 2; the best round of each target counts, so a burst of
 * noise from other work on the machine hurts no target more than another).
 *
 * Fairness: every target gets the same warm-up and the same load generator (this process). MailDev
 * answers 250 only after it has parsed the message and kept it in memory, so its accept rate is its
 * end-to-end rate; its API is polled only after the timed run, as a check, because listing every
 * message costs MailDev CPU that would slow the run. Besides wall-clock rates, each phase records
 * the CPU time per message of every server process (/proc/<pid>/stat; Postfix's whole process tree):
 * on a shared machine that figure, not the rate, is the one to compare changes with.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storagePerMessage, type StorageFigure } from './storage';
import { accounts, findAliasById, inbound, insertAlias, keys, messages, seed } from '@app/db';
import { createScratchDatabase } from '@app/db/testing';
import { createServices, loadConfig, openText, unwrapKey, type Services } from '@app/runtime';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { load, messageFactory } from './smtp-client';
import { printIngest, type Phase, type Rss } from './ingest-report';
import { postfixSkipped, runPostfix, startPostfix, type PostfixPeer } from './postfix';
import { buildApps, child, cpuMeter, freePort, nodeFlags, peakRssMb, sleep, stopAll, untilCount, waitPort } from './processes';

const HERE = dirname(fileURLToPath(import.meta.url));
const MAIL_DOMAIN = 'bench.localhost';

export interface IngestBenchOptions {
  n?: number;
  connections?: number;
  /** Connection counts of the new-connection-per-message mode (docs/performance.md §1). */
  newConnections?: number[];
}

/** What every phase runs against: our processes, the peers, the database, and the phases so far. */
interface Rig {
  db: Services['database']['db'];
  services: Services;
  env: Record<string, string>;
  accountId: number;
  smtpPort: number;
  procs: { mx: ReturnType<typeof child>; worker: ReturnType<typeof child>; redis: ReturnType<typeof child> };
  peers: {
    sink: ReturnType<typeof child>;
    sinkPort: number;
    maildev: ReturnType<typeof child>;
    maildevPort: number;
    maildevWeb: number;
    /** Null when it cannot run here (`postfixSkipped` says why) or is not among BENCH_TARGETS. */
    postfix: PostfixPeer | null;
  };
  phases: Phase[];
}

interface Plan {
  n: number;
  rounds: number;
  connections: number;
  newConnections: number[];
  want: (target: string) => boolean;
}

export async function runIngestBench(
  opts: IngestBenchOptions = {},
): Promise<{ phases: Phase[]; rss: Rss; storage: StorageFigure; postfixSkipped: string | null }> {
  // BENCH_TARGETS=ours (for profiling) skips the comparison servers.
  const only = process.env.BENCH_TARGETS?.split(',');
  const plan: Plan = {
    n: opts.n ?? Number(process.env.BENCH_N ?? 3000),
    rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2)),
    connections: opts.connections ?? 8,
    newConnections:
      opts.newConnections ??
      (process.env.BENCH_NEWCONN ?? '8,128')
        .split(',')
        .map(Number)
        .filter((c) => c > 0),
    want: (t) => !only || only.includes(t),
  };
  const pgAdmin = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (spawnSync('redis-server', ['--version']).status !== 0) throw new Error('redis-server is not on PATH');

  // ---- Infrastructure: a private Redis and a fresh database ----
  const redisPort = await freePort();
  const redis = child(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    {},
    'redis',
  );
  await waitPort(redisPort);
  const database = await createScratchDatabase(pgAdmin, 'bench');
  let services: Services | null = null;
  let postfix: PostfixPeer | null = null;
  const skipped = plan.want('postfix') ? postfixSkipped() : null;
  if (skipped) console.log(skipped);
  try {
    const smtpPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      MASTER_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')),
      MAIL_DOMAIN,
      LOG_LEVEL: 'warn',
      SMTP_PORT: String(smtpPort),
      SMTP_HOST: '127.0.0.1',
      // Every bench connection comes from 127.0.0.1: the per-address and per-network limits would
      // refuse most of the 128-connection phase (MailDev has no such limits).
      MX_MAX_PER_IP: '1000',
      MX_MAX_PER_NETWORK: '1000',
      MX_MAX_CLIENTS: '1000',
    };
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    if (plan.want('postfix') && !skipped) postfix = await startPostfix(MAIL_DOMAIN);
    const rig = await startRig(services, env, smtpPort, redis, postfix);
    const idle = { mx: peakRssMb(rig.procs.mx.pid, 'VmRSS'), worker: peakRssMb(rig.procs.worker.pid, 'VmRSS') };
    await runComparison(rig, plan);
    const rss = {
      mx: peakRssMb(rig.procs.mx.pid),
      worker: peakRssMb(rig.procs.worker.pid),
      idleMx: idle.mx,
      idleWorker: idle.worker,
    };
    if (plan.want('ours') && process.env.BENCH_SPLIT !== '0') await runSplit(rig, plan);
    if (plan.want('ours') && process.env.BENCH_SCALE !== '0') await runScaleOut(rig, plan);

    printIngest(rig.phases, rss, skipped);
    const storage = await storagePerMessage(rig.db);
    console.log(
      `\nOn disk per stored message (${storage.messages} messages): ${storage.tables.map((t) => `${t.table} ${t.rowsPerMessage.toFixed(2)} rows ${Math.round(t.bytesPerMessage)} B`).join(', ')}; ${Math.round(storage.bytesPerMessage)} B, ${storage.gbPerMillion.toFixed(1)} GB per million`,
    );
    return { phases: rig.phases, rss, storage, postfixSkipped: skipped };
  } finally {
    await services?.close().catch(() => undefined);
    await postfix?.stop().catch(() => undefined);
    await stopAll();
    await database.drop().catch(() => undefined);
  }
}

/** The bench's account, and the servers under test: the production bundles (plain node, as in the Docker image). */
async function startRig(
  services: Services,
  env: Record<string, string>,
  smtpPort: number,
  redis: Rig['procs']['redis'],
  postfix: PostfixPeer | null,
): Promise<Rig> {
  const db = services.database.db;
  await seed(db, { mailDomain: MAIL_DOMAIN, adminPasswordHash: async () => 'x' });
  const [acct] = await db
    .insert(accounts)
    .values({
      handle: `bench_${randomBytes(3).toString('hex')}`,
      email: `bench@${MAIL_DOMAIN}`,
      approvedAt: new Date(),
      registeredAt: new Date(),
    })
    .returning({ id: accounts.id });
  buildApps(['mx', 'worker']);
  const mx = child(process.execPath, [...nodeFlags('mx'), 'apps/mx/dist/main.js'], env, 'mx');
  const worker = child(process.execPath, [...nodeFlags('worker'), 'apps/worker/dist/main.js'], env, 'worker');
  const sinkPort = await freePort();
  const sink = child(process.execPath, ['--import', 'tsx', 'bench/sink.ts', String(sinkPort)], {}, 'sink');
  const maildevPort = await freePort();
  const maildevWeb = await freePort();
  const maildevBin = join(HERE, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  const maildev = child(
    process.execPath,
    [
      maildevBin,
      '--smtp',
      String(maildevPort),
      '--ip',
      '127.0.0.1',
      '--web',
      String(maildevWeb),
      '--web-ip',
      '127.0.0.1',
      '--silent',
    ],
    {},
    'maildev',
  );
  await Promise.all([waitPort(smtpPort), waitPort(sinkPort), waitPort(maildevPort), waitPort(maildevWeb)]);
  await sleep(1000);
  return {
    db,
    services,
    env,
    accountId: acct!.id,
    smtpPort,
    procs: { mx, worker, redis },
    peers: { sink, sinkPort, maildev, maildevPort, maildevWeb, postfix },
    phases: [],
  };
}

async function newAlias(rig: Rig) {
  const { db, services } = rig;
  const key = await services.keys.create(db, await services.keys.accountKey(db, rig.accountId));
  return insertAlias(db, { accountId: rig.accountId, domainId: 1, handle: `b${randomBytes(5).toString('hex')}`, keyId: key.id });
}

const stored = async (rig: Rig, aliasId: number) =>
  Number((await rig.db.select({ n: count() }).from(messages).where(eq(messages.aliasId, aliasId)))[0]!.n);

/** Waits until the alias holds `n` messages; returns the time it happened. */
const untilStored = (rig: Rig, aliasId: number, n: number, started: number) => untilCount(() => stored(rig, aliasId), n, started);

/** Every message of the phase decrypted and matched to its index, exactly once. */
async function checkOurs(rig: Rig, aliasId: number, runId: string, n: number): Promise<string> {
  const { db } = rig;
  const alias = (await findAliasById(db, aliasId))!;
  const aliasKey = await rig.services.keys.aliasKey(db, alias);
  const rows = await db
    .select({ subject: messages.subjectSealed, wrapped: keys.wrapped, inboundId: messages.inboundId })
    .from(messages)
    .innerJoin(keys, eq(keys.id, messages.keyId))
    .where(eq(messages.aliasId, aliasId));
  const seen = new Set<number>();
  for (const r of rows) {
    const m = new RegExp(`^bench ${runId} (\\d+)$`).exec(openText(unwrapKey(aliasKey, r.wrapped), r.subject) ?? '');
    if (!m) return `BAD subject`;
    seen.add(Number(m[1]));
  }
  const ids = rows.map((r) => r.inboundId!).filter(Boolean);
  const done = ids.length
    ? Number(
        (
          await db
            .select({ n: count() })
            .from(inbound)
            .where(and(inArray(inbound.id, ids), eq(inbound.state, 'done')))
        )[0]!.n,
      )
    : 0;
  const ok = rows.length === n && seen.size === n && done === n;
  return ok ? `all ${n} decrypted, once each` : `MISMATCH rows=${rows.length} unique=${seen.size} done=${done}`;
}

async function runOurs(rig: Rig, mode: string, n: number, connections: number, reuse: boolean) {
  const alias = await newAlias(rig);
  const to = `${alias.handle}@${MAIL_DOMAIN}`;
  const runId = randomBytes(3).toString('hex');
  // Everything the pipeline runs on: its processes, its Redis (wake-ups, live events), its Postgres backends.
  const cpu = await cpuMeter(rig.procs, rig.db);
  const started = performance.now();
  const r = await load({ port: rig.smtpPort, n, connections, reuse, to, message: messageFactory(runId, to) });
  const acceptMs = performance.now() - started;
  const e2eMs = (await untilStored(rig, alias.id, r.accepted, started)) - started;
  const cpuPerMsg = await cpu(r.accepted);
  const checked = await checkOurs(rig, alias.id, runId, r.accepted);
  rig.phases.push({ target: 'ours', mode, n, acceptMs, e2eMs, refused: r.refused, checked, cpuPerMsg });
}

async function runOther(rig: Rig, target: 'maildev' | 'sink', mode: string, n: number, connections: number, reuse: boolean) {
  const { peers } = rig;
  const api = `http://127.0.0.1:${peers.maildevWeb}/api/email`;
  if (target === 'maildev') {
    await fetch(`${api}/all`, { method: 'DELETE' }).catch(() => undefined);
    await sleep(200); // its files are deleted in the background
  }
  const runId = randomBytes(3).toString('hex');
  const to = `bench@${MAIL_DOMAIN}`;
  const cpu = await cpuMeter(target === 'maildev' ? { maildev: peers.maildev } : { sink: peers.sink });
  const port = target === 'maildev' ? peers.maildevPort : peers.sinkPort;
  const r = await load({ port, n, connections, reuse, to, message: messageFactory(runId, to) });
  const cpuPerMsg = await cpu(r.accepted);
  let checked = `${r.accepted} answered 250`;
  if (target === 'maildev') {
    const listed = async () => ((await (await fetch(api)).json()) as unknown[]).length;
    let have = 0;
    for (let i = 0; i < 100 && (have = await listed()) < r.accepted; i++) await sleep(100);
    checked = `${have} listed by its API`;
  }
  rig.phases.push({ target, mode, n, acceptMs: r.ms, e2eMs: null, refused: r.refused, checked, cpuPerMsg });
}

/** Ours beside MailDev, Postfix and the discarding sink: warm-up, reused sessions in rounds, new connections. */
async function runComparison(rig: Rig, plan: Plan) {
  const { want } = plan;
  const each = async (mode: string, n: number, connections: number, reuse: boolean) => {
    if (want('sink')) await runOther(rig, 'sink', mode, n, connections, reuse);
    if (want('maildev')) await runOther(rig, 'maildev', mode, n, connections, reuse);
    const { postfix } = rig.peers;
    if (postfix) rig.phases.push(await runPostfix(postfix, `bench@${MAIL_DOMAIN}`, mode, n, connections, reuse));
    if (want('ours')) await runOurs(rig, mode, n, connections, reuse);
  };
  // ---- Warm-up (JIT, pools, Postgres caches), not reported; the same for every target ----
  await each('warm-up', 1000, plan.connections, true);
  rig.phases.length = 0;

  // Reused sessions: interleaved rounds, the best of each target kept.
  const reuseMode = `${plan.connections} conns, reused sessions`;
  const rounds: Phase[] = [];
  for (let round = 0; round < plan.rounds; round++) {
    await each(reuseMode, plan.n, plan.connections, true);
    rounds.push(...rig.phases.splice(0));
  }
  const speed = (p: Phase) => (p.n - p.refused) / (p.e2eMs ?? p.acceptMs);
  for (const target of ['sink', 'maildev', 'postfix', 'ours']) {
    const best = rounds.filter((p) => p.target === target).sort((a, b) => speed(b) - speed(a))[0];
    if (best) rig.phases.push({ ...best, checked: `${best.checked}; best of ${plan.rounds}` });
  }
  for (const c of plan.newConnections) await each(`${c} conns, new connection per message`, Math.min(plan.n, c * 8), c, false);
}

/** The two halves alone: the mx with no worker running, then the worker draining. */
async function runSplit(rig: Rig, plan: Plan) {
  const { procs } = rig;
  procs.worker.kill('SIGTERM');
  await new Promise((r) => procs.worker.once('exit', r));
  const alias = await newAlias(rig);
  const to = `${alias.handle}@${MAIL_DOMAIN}`;
  const runId = randomBytes(3).toString('hex');
  const mxCpu = await cpuMeter({ mx: procs.mx, redis: procs.redis }, rig.db);
  const message = messageFactory(runId, to);
  const r = await load({ port: rig.smtpPort, n: plan.n, connections: plan.connections, reuse: true, to, message });
  rig.phases.push({
    target: 'ours: mx only',
    mode: 'split',
    n: plan.n,
    acceptMs: r.ms,
    e2eMs: null,
    refused: r.refused,
    checked: `${r.accepted} committed, worker stopped`,
    cpuPerMsg: await mxCpu(r.accepted),
  });
  procs.worker = child(process.execPath, [...nodeFlags('worker'), 'apps/worker/dist/main.js'], rig.env, 'worker');
  let first = 0;
  let workerCpu: Awaited<ReturnType<typeof cpuMeter>> | null = null;
  for (;;) {
    const have = await stored(rig, alias.id);
    if (have > 0 && !first) {
      first = performance.now();
      workerCpu = await cpuMeter({ worker: procs.worker, redis: procs.redis }, rig.db);
    }
    if (have >= r.accepted) break;
    await sleep(20);
  }
  rig.phases.push({
    target: 'ours: worker drain',
    mode: 'split',
    n: plan.n,
    acceptMs: performance.now() - first,
    e2eMs: null,
    refused: 0,
    checked: await checkOurs(rig, alias.id, runId, r.accepted),
    cpuPerMsg: await workerCpu?.(r.accepted),
  });
}

/** Scale-out: a second mx and a second worker on the same Postgres and Redis. */
async function runScaleOut(rig: Rig, plan: Plan) {
  const { procs, env, db } = rig;
  const N = plan.n;
  const smtpPort2 = await freePort();
  const mx2 = child(
    process.execPath,
    [...nodeFlags('mx'), 'apps/mx/dist/main.js'],
    { ...env, SMTP_PORT: String(smtpPort2), METRICS_PORT: String(await freePort()) },
    'mx2',
  );
  const worker2 = child(
    process.execPath,
    [...nodeFlags('worker'), 'apps/worker/dist/main.js'],
    { ...env, METRICS_PORT: String(await freePort()) },
    'worker2',
  );
  await waitPort(smtpPort2);
  await sleep(1000);
  const alias = await newAlias(rig);
  const to = `${alias.handle}@${MAIL_DOMAIN}`;
  const runId = randomBytes(3).toString('hex');
  const message = messageFactory(runId, to);
  const cpu = await cpuMeter({ mx: procs.mx, mx2, worker: procs.worker, worker2, redis: procs.redis }, db);
  const started = performance.now();
  // Even indexes through the first mx, odd through the second, half the connections each.
  const half = Math.floor(N / 2);
  const conns = plan.connections / 2;
  const [a, b] = await Promise.all([
    load({ port: rig.smtpPort, n: N - half, connections: conns, reuse: true, to, message: (i) => message(2 * i) }),
    load({ port: smtpPort2, n: half, connections: conns, reuse: true, to, message: (i) => message(2 * i + 1) }),
  ]);
  const accepted = a.accepted + b.accepted;
  const e2eMs = (await untilStored(rig, alias.id, accepted, started)) - started;
  const cpuPerMsg = await cpu(accepted);
  // Nothing stored twice: one row per Message-ID header.
  const twice = await db
    .select({ id: messages.messageIdHeader, n: count() })
    .from(messages)
    .where(eq(messages.aliasId, alias.id))
    .groupBy(messages.messageIdHeader)
    .having(gt(count(), 1));
  rig.phases.push({
    target: 'ours: 2 mx + 2 workers',
    mode: 'scale-out',
    n: N,
    acceptMs: Math.max(a.ms, b.ms),
    e2eMs,
    refused: a.refused + b.refused,
    checked: `${await checkOurs(rig, alias.id, runId, accepted)}; ${twice.length} Message-IDs stored twice`,
    cpuPerMsg,
    duplicates: twice.length,
  });
  for (const p of [mx2, worker2]) p.kill('SIGTERM');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runIngestBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
