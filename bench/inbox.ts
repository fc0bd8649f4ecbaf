/**
 * Inbox latency against inbox size (docs/performance.md §1): aliases of 10, 1 000 and 20 000 messages
 * (BENCH_INBOX_SIZES) among 200 aliases on real Postgres; for each, the list of 50, its second page
 * (the cursor) and one message fetch at 32 connections, (a) right after the burst that filled them,
 * with the planner's statistics still those of before it (autovacuum held off), and (b) settled
 * (VACUUM ANALYZE). Prints the curve: p99 against inbox size, which should be flat.
 */
import { createServices, loadConfig, type Services } from '@app/runtime';
import { insertAlias, type AliasRow } from '@app/db';
import { sql } from 'drizzle-orm';
import { benchBackends, measureRoute } from './api';
import { startApiProcess, signInCookie } from './api-process';
import { seedMember, storeMessages } from './member';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface InboxFigure {
  /** Messages in the alias. */
  size: number;
  state: 'fresh' | 'settled';
  name: 'list' | 'second page' | 'fetch';
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** CPU time of the api process per request, and of the Postgres backends serving it. */
  cpuMsPerRequest: number;
  pgCpuMsPerRequest: number;
}

/** Aliases beside the measured ones, and the messages each holds before the burst. */
const OTHER_ALIASES = 197;
const OTHER_MESSAGES = 20;

export async function runInboxBench(opts: { seconds?: number; connections?: number } = {}): Promise<InboxFigure[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_INBOX_SECONDS ?? 3);
  const connections = opts.connections ?? 32;
  const sizes = (process.env.BENCH_INBOX_SIZES ?? '10,1000,20000').split(',').map(Number);
  const { env, database, children } = await benchBackends('bench_inbox', 'bench-inbox-');
  let services: Services | null = null;
  try {
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    const db = services.database.db;
    const member = await seedMember(services, env.MAIL_DOMAIN);
    const keyRow = member.aliasKey;
    const newAlias = (i: number) =>
      insertAlias(db, { accountId: member.account.id, domainId: 1, handle: `${member.alias.handle}x${i}`, keyId: keyRow.id });

    const store = (targets: Array<{ alias: AliasRow; n: number }>) => storeMessages(services!, keyRow, targets, env.MAIL_DOMAIN);

    // The other aliases and their mail, settled: the statistics the burst then makes wrong.
    const started = Date.now();
    const others = [];
    for (let i = 0; i < OTHER_ALIASES; i++) others.push({ alias: await newAlias(i), n: OTHER_MESSAGES });
    await store(others);
    await database.settle();
    await db.execute(sql`alter table messages set (autovacuum_enabled = false)`);
    const measured = [{ alias: member.alias, n: sizes[0]! }];
    for (const n of sizes.slice(1)) measured.push({ alias: await newAlias(measured.length + OTHER_ALIASES), n });
    await store(measured);
    const seeded = (Date.now() - started) / 1000;
    console.log(
      `seeded ${OTHER_ALIASES} aliases of ${OTHER_MESSAGES} and a burst into aliases of ${sizes.join(', ')} messages in ${seeded.toFixed(0)} s`,
    );

    const { child: api, base } = await startApiProcess(env);
    children.push(api);
    const cookie = await signInCookie(base, member.handle, member.password);
    const get = async (path: string) => {
      const res = await fetch(base + path, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as { messages: Array<{ id: number }>; next_cursor: string | null };
    };
    const targets = await Promise.all(
      measured.map(async ({ alias, n }) => {
        const list = `/api/account/${member.account.id}/alias/${alias.id}/messages`;
        const first = await get(list);
        const paths: Array<[InboxFigure['name'], string]> = [['list', list]];
        if (first.next_cursor) paths.push(['second page', `${list}?cursor=${first.next_cursor}`]);
        paths.push(['fetch', `/api/account/${member.account.id}/alias/${alias.id}/message/${first.messages[0]!.id}`]);
        return { size: n, paths };
      }),
    );

    const figures: InboxFigure[] = [];
    const measure = async (state: InboxFigure['state']) => {
      for (const { size, paths } of targets) {
        for (const [name, path] of paths) {
          figures.push({
            size,
            state,
            name,
            ...(await measureRoute(db, api.pid, { url: base + path, connections, seconds, cookie })),
          });
        }
      }
    };
    await measure('fresh');
    await db.execute(sql`alter table messages reset (autovacuum_enabled)`);
    await database.settle();
    await measure('settled');

    console.log(
      `\nInbox latency against inbox size (${connections} connections, ${seconds} s each): p50 / p99 ms, CPU ms per request api + Postgres\n`,
    );
    const names: InboxFigure['name'][] = ['list', 'second page', 'fetch'];
    console.log(`${'messages'.padStart(8)}  ${'state'.padEnd(8)}${names.map((n) => n.padStart(28)).join('')}`);
    for (const state of ['fresh', 'settled'] as const) {
      for (const size of sizes) {
        const cell = (name: InboxFigure['name']) => {
          const f = figures.find((x) => x.size === size && x.state === state && x.name === name);
          if (!f) return '-'.padStart(28);
          const latency = f.rps ? `${f.p50} / ${f.p99}${f.errors ? '!' : ''}` : 'no answer';
          return `${latency}, ${f.cpuMsPerRequest.toFixed(2)} + ${f.pgCpuMsPerRequest.toFixed(2)}`.padStart(28);
        };
        console.log(`${String(size).padStart(8)}  ${state.padEnd(8)}${names.map(cell).join('')}`);
      }
    }
    const exited = new Promise((res) => api.once('exit', res));
    api.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    return figures;
  } finally {
    await services?.close().catch(() => undefined);
    for (const c of children) c.kill('SIGKILL');
    await sleep(300);
    await database.drop().catch(() => undefined);
  }
}
