/**
 * Inbox latency against inbox size (docs/performance.md §1): aliases of 10, 1 000 and 100 000 messages
 * (BENCH_INBOX_SIZES) among 200 aliases on real Postgres; for each, the list of 50, its second page
 * (the cursor), one message fetch and a two-word search within the alias at 32 connections, (a) right
 * after the burst that filled them, with the planner's statistics still those of before it
 * (autovacuum held off), and (b) settled (VACUUM ANALYZE). Prints the curve: p99 against inbox size,
 * which should be flat.
 */
import { createServices, loadConfig, type Services } from '@app/runtime';
import { insertAlias, type AliasRow } from '@app/db';
import { benchBackends } from './api';
import { startApiProcess, signInCookie } from './api-process';
import { seedMember, storeMessages } from './member';
import { closeBench, holdAutovacuum, measureFreshAndSettled, type RouteFigure, type StatsState } from './states';

export type InboxFigure = RouteFigure & {
  /** Messages in the alias. */
  size: number;
  state: StatsState;
  name: 'list' | 'second page' | 'fetch' | 'search';
};

/** Aliases beside the measured ones, and the messages each holds before the burst. */
const OTHER_ALIASES = 197;
const OTHER_MESSAGES = 20;
/** p99 goals of docs/performance.md §1. */
export const INBOX_GOAL_MS: Record<InboxFigure['name'], number> = { list: 15, 'second page': 15, fetch: 10, search: 15 };
/** Two words every stored message holds: a search within the alias then fills a page from its newest mail. */
const SEARCH_QUERY = 'lorem ipsum';

type Member = Awaited<ReturnType<typeof seedMember>>;

/**
 * The other aliases and their mail, settled (the statistics the burst then makes wrong), then the
 * burst into the measured aliases, autovacuum held off. Returns the measured aliases.
 */
async function seedInboxes(
  services: Services,
  database: { settle(): Promise<void> },
  member: Member,
  mailDomain: string,
  sizes: number[],
) {
  const db = services.database.db;
  const newAlias = (i: number) =>
    insertAlias(db, {
      accountId: member.account.id,
      domainId: 1,
      handle: `${member.alias.handle}x${i}`,
      keyId: member.aliasKey.id,
    });
  const started = Date.now();
  const others = [];
  for (let i = 0; i < OTHER_ALIASES; i++) others.push({ alias: await newAlias(i), n: OTHER_MESSAGES });
  await storeMessages(services, member, others, mailDomain, { indexed: true });
  await database.settle();
  await holdAutovacuum(db);
  const measured = [{ alias: member.alias, n: sizes[0]! }];
  for (const n of sizes.slice(1)) measured.push({ alias: await newAlias(measured.length + OTHER_ALIASES), n });
  await storeMessages(services, member, measured, mailDomain, { indexed: true });
  console.log(
    `seeded ${OTHER_ALIASES} aliases of ${OTHER_MESSAGES} and a burst into aliases of ${sizes.join(', ')} messages in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return measured;
}

/** For each measured alias: its list, its second page (the cursor of the first), its newest message and a search in it. */
async function inboxTargets(base: string, cookie: string, accountId: number, measured: Array<{ alias: AliasRow; n: number }>) {
  const get = async (path: string) => {
    const res = await fetch(base + path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as { messages: Array<{ id: number }>; next_cursor: string | null };
  };
  const targets: Array<{ size: number; name: InboxFigure['name']; path: string }> = [];
  for (const { alias, n } of measured) {
    const list = `/api/account/${accountId}/alias/${alias.id}/messages`;
    const first = await get(list);
    targets.push({ size: n, name: 'list', path: list });
    if (first.next_cursor) targets.push({ size: n, name: 'second page', path: `${list}?cursor=${first.next_cursor}` });
    targets.push({
      size: n,
      name: 'fetch',
      path: `/api/account/${accountId}/alias/${alias.id}/message/${first.messages[0]!.id}`,
    });
    const search = `/api/account/${accountId}/search?q=${encodeURIComponent(SEARCH_QUERY)}&alias_id=${alias.id}`;
    if (!(await get(search)).messages.length) throw new Error(`${search}: found nothing`);
    targets.push({ size: n, name: 'search', path: search });
  }
  return targets;
}

/** The curve: p50 / p99 and CPU per request against inbox size, each state, with the goals. */
function printCurve(figures: InboxFigure[], sizes: number[], connections: number, seconds: number) {
  const names: InboxFigure['name'][] = ['list', 'second page', 'fetch', 'search'];
  console.log(
    `\nInbox latency against inbox size (${connections} connections, ${seconds} s each): p50 / p99 ms, CPU ms per request api + Postgres`,
  );
  console.log(`goals: p99 ${names.map((n) => `${n} < ${INBOX_GOAL_MS[n]} ms`).join(', ')}; "*" marks a p99 over its goal\n`);
  console.log(`${'messages'.padStart(8)}  ${'state'.padEnd(22)}${names.map((n) => n.padStart(30)).join('')}`);
  for (const state of ['fresh', 'settled', 'settled, 1 connection'] as const) {
    for (const size of sizes) {
      const cell = (name: InboxFigure['name']) => {
        const f = figures.find((x) => x.size === size && x.state === state && x.name === name);
        if (!f) return '-'.padStart(30);
        const over = f.p99 >= INBOX_GOAL_MS[name] ? '*' : '';
        const latency = f.rps ? `${f.p50} / ${f.p99}${over}${f.errors ? '!' : ''}` : 'no answer';
        return `${latency}, ${f.cpuMsPerRequest.toFixed(2)} + ${f.pgCpuMsPerRequest.toFixed(2)}`.padStart(30);
      };
      console.log(`${String(size).padStart(8)}  ${state.padEnd(22)}${names.map(cell).join('')}`);
    }
  }
}

export async function runInboxBench(opts: { seconds?: number; connections?: number } = {}): Promise<InboxFigure[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_INBOX_SECONDS ?? 3);
  const connections = opts.connections ?? 32;
  const sizes = (process.env.BENCH_INBOX_SIZES ?? '10,1000,100000').split(',').map(Number);
  const { env, database, children } = await benchBackends('bench_inbox', 'bench-inbox-');
  let services: Services | null = null;
  try {
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    const member = await seedMember(services, env.MAIL_DOMAIN);
    const measured = await seedInboxes(services, database, member, env.MAIL_DOMAIN, sizes);
    const { child: api, base } = await startApiProcess(env);
    children.push(api);
    const cookie = await signInCookie(base, member.handle, member.password);
    const targets = await inboxTargets(base, cookie, member.account.id, measured);
    const db = services.database.db;
    const figures = await measureFreshAndSettled({ db, database, api, base, cookie, connections, seconds }, targets);
    printCurve(figures, sizes, connections, seconds);
    return figures;
  } finally {
    await closeBench(services, children, database);
  }
}
