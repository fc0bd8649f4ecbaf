/**
 * Search bench (docs/performance.md §1): 10 000 messages of one account, sealed the way ingest
 * seals them and indexed by the worker's index job (whose rate is measured too), on real Postgres
 * (a fresh database, settled by VACUUM ANALYZE as autovacuum would after such a load); then the p99 latency of two-word queries through the API's search route,
 * one at a time, in process (app.inject: the route, the blind-index query and the decryption of
 * the page, without the network).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@app/api';
import { insertKeysBulk, insertMessagesBulk, type NewMessage } from '@app/db';
import { createScratchDatabase } from '@app/db/testing';
import { createServices, generateKey, loadConfig, seal, wrapKey, type Services } from '@app/runtime';
import { runSearchIndex } from '@app/worker';
import { seedMember } from './member';

export interface SearchFigures {
  messages: number;
  indexPerSecond: number;
  p50: number;
  p99: number;
  queries: number;
  meanResults: number;
}

/** A made-up vocabulary; word r is drawn with probability ∝ 1/r (Zipf), like words of real mail. */
function vocabulary(n: number): string[] {
  const syllables = ['ka', 'lo', 'mi', 'ter', 'van', 'su', 'rel', 'o', 'pra', 'din', 'ex', 'mu', 'sha', 'to', 'bri', 'ne'];
  return Array.from({ length: n }, (_, i) => {
    let w = '';
    for (let x = i + 7; w.length < 4 || x > 0; x = Math.floor(x / syllables.length)) w += syllables[x % syllables.length];
    return w;
  });
}

/** Messages of 40 to 120 words drawn from the vocabulary, sealed for the member's alias and stored unindexed. */
async function seedMessages(
  services: Services,
  { alias, aliasKey }: Awaited<ReturnType<typeof seedMember>>,
  words: string[],
  n: number,
): Promise<void> {
  const db = services.database.db;
  const cumulative: number[] = [];
  words.reduce((s, _, r) => (cumulative.push(s + 1 / (r + 1)), s + 1 / (r + 1)), 0);
  const total = cumulative[cumulative.length - 1]!;
  const draw = () => {
    const x = Math.random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  const sentence = (k: number) => Array.from({ length: k }, draw).join(' ');
  for (let start = 0; start < n; start += 500) {
    const batch = Math.min(500, n - start);
    const keys = Array.from({ length: batch }, () => generateKey('aes'));
    const keyIds = await insertKeysBulk(
      db,
      keys.map((k) => ({ scheme: k.scheme, wrapped: wrapKey(aliasKey.key, k) })),
    );
    const rows: NewMessage[] = keys.map((k, i) => ({
      aliasId: alias.id,
      keyId: keyIds[i]!,
      senderLabel: 'Bench Sender',
      senderAddress: `sender${(start + i) % 97}@shop.example`,
      recipient: `${alias.handle}@bench.localhost`,
      subjectSealed: seal(k, sentence(6)),
      textSealed: seal(k, sentence(40 + Math.floor(Math.random() * 80))),
      rawSealed: seal(k, 'x'),
      // Spread over a year, of 1 to 60 KB, one in five with attachments, half read: what the
      // operators of the 'operators' mix filter on.
      size: 1024 + Math.floor(Math.random() * 60 * 1024),
      attachmentsCount: Math.random() < 0.2 ? 1 : 0,
      openedAt: Math.random() < 0.5 ? new Date() : null,
      sentAt: new Date(Date.now() - Math.floor(Math.random() * 365 * 86_400_000)),
    }));
    await insertMessagesBulk(db, rows);
  }
}

/** The latency of each kind of query of the 'operators' mix. */
function printByKind(byKind: Map<string, number[]>): void {
  for (const [label, ms] of byKind) {
    ms.sort((x, y) => x - y);
    const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
    console.log(`  ${label.padEnd(32)} ${String(ms.length).padStart(4)} queries: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
  }
}

/** What the queries of a run are: two words (the last typed in part), or words mixed with operators. */
export type SearchMix = 'words' | 'operators';

export async function runSearchBench(
  opts: { messages?: number; queries?: number; mix?: SearchMix } = {},
): Promise<SearchFigures> {
  const mix = opts.mix ?? 'words';
  const n = opts.messages ?? Number(process.env.BENCH_SEARCH_MESSAGES ?? 10_000);
  const queries = opts.queries ?? 500;
  const pgAdmin = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createScratchDatabase(pgAdmin, 'bench_search');
  let services: Services | null = null;
  try {
    services = await createServices(
      loadConfig({
        DATABASE_URL: database.url,
        MASTER_KEY: randomBytes(32).toString('base64'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-search-')),
        MAIL_DOMAIN: 'bench.localhost',
        LOG_LEVEL: 'silent',
      }),
      { name: 'bench' },
    );
    const member = await seedMember(services, 'bench.localhost');
    const { account, alias, handle, password } = member;

    const words = vocabulary(5000);
    await seedMessages(services, member, words, n);
    const t0 = performance.now();
    const indexed = await runSearchIndex(services);
    const indexPerSecond = indexed / ((performance.now() - t0) / 1000);
    console.log(`indexed ${indexed} messages at ${indexPerSecond.toFixed(0)} msg/s`);
    await database.settle();

    const app = await buildApp(services, { webDist: '/nonexistent' });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-requested-with': 'fetch' },
        payload: { handle, password },
      });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const common = () => words[Math.floor(Math.random() * 300)]!;
      // Two words of the 300 most used, the last typed in part (a prefix of 4 or more letters).
      const twoWords = () => {
        const b = common();
        return `${common()} ${b.slice(0, Math.max(4, b.length - 1))}`;
      };
      // Each operator, alone and combined with words; phrases and subject: open each candidate.
      const withOperators: Array<[string, () => string]> = [
        ['from: + word', () => `from:sender${Math.floor(Math.random() * 97)}@shop ${common()}`],
        ['is:unread after:', () => `is:unread after:${1 + Math.floor(Math.random() * 300)}d`],
        ['has:attachment larger: + word', () => `has:attachment larger:${Math.floor(Math.random() * 50)}k ${common()}`],
        ['"phrase"', () => `"${common()} ${common()}"`],
        ['subject: + word', () => `subject:${common()} ${common()}`],
        ['word -word before:', () => `${common()} -${common()} before:${1 + Math.floor(Math.random() * 300)}d`],
        ['is:read smaller: -has:', () => `is:read smaller:8k -has:attachment`],
        ['to: -from: word is:unread', () => `to:${alias.handle} -from:sender1 ${common()} is:unread`],
      ];
      let kind = 'two words';
      const query = () => {
        if (mix === 'words') return twoWords();
        const [label, make] = withOperators[Math.floor(Math.random() * withOperators.length)]!;
        kind = label;
        return make();
      };
      const byKind = new Map<string, number[]>();
      const latencies: number[] = [];
      let results = 0;
      for (let i = 0; i < queries + 50; i++) {
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/api/account/${account.id}/search?q=${encodeURIComponent(query())}`,
          headers: { cookie },
        });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body.slice(0, 200)}`);
        // The first 50 warm up (JIT, pool, key cache).
        if (i >= 50) {
          latencies.push(ms);
          byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
          results += (res.json() as { messages: unknown[] }).messages.length;
        }
      }
      latencies.sort((x, y) => x - y);
      const at = (q: number) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
      if (mix === 'operators') printByKind(byKind);
      const figures = { messages: n, indexPerSecond, p50: at(0.5), p99: at(0.99), queries, meanResults: results / queries };
      console.log(
        `${mix === 'words' ? 'two-word search' : 'search with operators'} over ${n} messages: p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.meanResults.toFixed(1)} results a page on average`,
      );
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await services?.close().catch(() => undefined);
    if (!process.env.BENCH_KEEP) await database.drop().catch(() => undefined);
  }
}
