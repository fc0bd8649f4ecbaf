/**
 * All mail's latency (docs/performance.md §1, `BENCH_ONLY=all-mail`): 100 000 messages
 * (BENCH_ALL_MAIL_MESSAGES) across 200 aliases of one account on real Postgres, mail arriving
 * interleaved and in conversations of three; the first page of All mail and its second page at
 * 32 connections, right after the burst (statistics of before it, autovacuum held off) and settled.
 */
import { generateKey, createServices, loadConfig, seal, wrapKey, type Services } from '@app/runtime';
import { adjustAliasCounters, insertAlias, insertKeysBulk, insertMessagesBulk, type AliasRow, type NewMessage } from '@app/db';
import { benchBackends } from './api';
import { startApiProcess, signInCookie } from './api-process';
import { seedMember } from './member';
import type { InboxFigure } from './inbox';
import { closeBench, holdAutovacuum, measureFreshAndSettled } from './states';
const ALIASES = 200;
const CHUNK = 2_000;
/** Messages per conversation: the walk skips the older two of each. */
const THREAD = 3;

export type AllMailFigure = Omit<InboxFigure, 'name'> & { name: 'first page' | 'second page' };

type Member = Awaited<ReturnType<typeof seedMember>>;
type Db = Services['database']['db'];

const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '.repeat(4);
const raw = Buffer.from(`Subject: x\r\n\r\n${text}`);

/** Messages `from`..`to` of the account, each to the next alias in turn. */
async function store(db: Db, member: Member, aliases: AliasRow[], mailDomain: string, from: number, to: number) {
  const keyRow = member.aliasKey;
  for (let at = from; at < to; at += CHUNK) {
    const n = Math.min(CHUNK, to - at);
    const msgKeys = Array.from({ length: n }, () => generateKey('aes'));
    const keyIds = await insertKeysBulk(
      db,
      msgKeys.map((k) => ({ scheme: k.scheme, wrapped: wrapKey(keyRow.key, k) })),
    );
    const rows: NewMessage[] = msgKeys.map((key, i) => {
      const m = at + i;
      const alias = aliases[m % ALIASES]!;
      return {
        aliasId: alias.id,
        accountId: member.account.id,
        // The alias's k-th message is in its conversation k / THREAD.
        threadKey: BigInt(alias.id) * 1_000_000n + BigInt(Math.floor(Math.floor(m / ALIASES) / THREAD)),
        keyId: keyIds[i]!,
        senderLabel: 'Bench Shop',
        senderAddress: 'bench@shop.example',
        recipient: `${alias.handle}@${mailDomain}`,
        subjectSealed: seal(key, `bench message ${m}`),
        textSealed: seal(key, text),
        rawSealed: seal(key, raw),
        size: raw.length,
        sentAt: new Date(),
      };
    });
    await insertMessagesBulk(db, rows);
  }
}

export async function runAllMailBench(opts: { seconds?: number; connections?: number } = {}): Promise<AllMailFigure[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_INBOX_SECONDS ?? 3);
  const connections = opts.connections ?? 32;
  const total = Number(process.env.BENCH_ALL_MAIL_MESSAGES ?? 100_000);
  const { env, database, children } = await benchBackends('bench_allmail', 'bench-allmail-');
  let services: Services | null = null;
  try {
    services = await createServices(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { name: 'bench' });
    const db = services.database.db;
    const member = await seedMember(services, env.MAIL_DOMAIN);
    const keyRow = member.aliasKey;
    const aliases: AliasRow[] = [member.alias];
    for (let i = 1; i < ALIASES; i++)
      aliases.push(
        await insertAlias(db, {
          accountId: member.account.id,
          domainId: 1,
          handle: `${member.alias.handle}x${i}`,
          keyId: keyRow.id,
        }),
      );
    // Most of the mail settled, then a burst the statistics do not know of yet.
    const started = Date.now();
    const settledPart = Math.floor(total * 0.8);
    await store(db, member, aliases, env.MAIL_DOMAIN, 0, settledPart);
    await database.settle();
    await holdAutovacuum(db);
    await store(db, member, aliases, env.MAIL_DOMAIN, settledPart, total);
    for (const a of aliases) await adjustAliasCounters(db, a.id, { unread: total / ALIASES, total: total / ALIASES });
    console.log(`seeded ${total} messages across ${ALIASES} aliases in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const { child: api, base } = await startApiProcess(env);
    children.push(api);
    const cookie = await signInCookie(base, member.handle, member.password);
    const list = `/api/account/${member.account.id}/messages`;
    const res = await fetch(base + list, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${list}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    const first = (await res.json()) as { messages: unknown[]; next_cursor: string | null };
    if (first.messages.length !== 50 || !first.next_cursor) throw new Error(`${list}: a short first page`);
    const figures = await measureFreshAndSettled({ db, database, api, base, cookie, connections, seconds }, [
      { size: total, name: 'first page' as const, path: list },
      { size: total, name: 'second page' as const, path: `${list}?cursor=${first.next_cursor}` },
    ]);
    console.log(`\nAll mail, ${total} messages across ${ALIASES} aliases (${connections} connections, ${seconds} s each)\n`);
    for (const f of figures)
      console.log(
        `${f.state.padEnd(22)} ${f.name.padEnd(12)} p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.rps} req/s${f.errors ? `, ${f.errors} errors` : ''}, CPU ${f.cpuMsPerRequest} + ${f.pgCpuMsPerRequest} ms`,
      );
    return figures;
  } finally {
    await closeBench(services, children, database);
  }
}
