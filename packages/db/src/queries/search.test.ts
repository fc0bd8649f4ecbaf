import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../client';
import { seed } from '../seed';
import { createScratchDatabase, type ScratchDatabase } from '../testing';
import { insertAccount } from './accounts';
import { insertAlias } from './aliases';
import { insertKeysBulk, insertMessagesBulk, trashAliasMessages } from './messages';
import { insertMessageTerms, SEARCH_WALK_MAX, searchMessages, type SearchPlan } from './search';

/**
 * searchMessages against a reference computed here, on the real planner (Postgres when DATABASE_URL
 * is set, else PGlite): aliases of more messages than the walk, rows of every terms version mixed
 * in, so each search is answered by the walk, by the index after it, or by both.
 */
const baseUrl = process.env.DATABASE_URL;
let scratch: ScratchDatabase | null = null;
let database: Database;

/** Terms as runtime's search would hash them; here plain numbers, all the database sees anyway. */
const COMMON = 11n;
const RARE = 12n;
const EVERY_FIFTH = 13n;
const SUBJECT = 14n;
const PAIR = 15n;
const aliasTerm = (aliasId: number) => 1_000n + BigInt(aliasId);

interface Stored {
  id: number;
  aliasId: number;
  version: number;
  terms: bigint[];
  trashed: boolean;
}
const stored: Stored[] = [];
let accountId: number;
let big: number;
let small: number;
let strangerAlias: number;

/** The terms of the i-th message, as its version holds them (runtime's search: 2 subject, 3 pairs, 4 alias). */
function termsOf(i: number, aliasId: number, version: number): bigint[] {
  const terms = [COMMON];
  if (i % 37 === 0) terms.push(RARE);
  if (i % 5 === 0) terms.push(EVERY_FIFTH);
  if (version >= 2 && i % 3 === 0) terms.push(SUBJECT);
  if (version >= 3 && i % 2 === 0) terms.push(PAIR);
  if (version >= 4) terms.push(aliasTerm(aliasId));
  return terms;
}

/** Messages in these aliases, interleaved, every fourth of each version, with their rows of terms. */
async function store(owner: number, aliasIds: number[], n: number) {
  const db = database.db;
  const order = Array.from({ length: n }, () => aliasIds).flat();
  const keyIds = await insertKeysBulk(
    db,
    order.map(() => ({ scheme: 'aes', wrapped: Buffer.alloc(40, 1) })),
  );
  const rows = await insertMessagesBulk(
    db,
    order.map((aliasId, i) => ({ aliasId, accountId: owner, keyId: keyIds[i]!, subjectSealed: Buffer.alloc(30, 2), size: 100 })),
  );
  const terms = rows.map((r, i) => {
    const version = 1 + ((stored.length + i) % 4);
    return { id: r.id, aliasId: r.aliasId, version, terms: termsOf(stored.length + i, r.aliasId, version), trashed: false };
  });
  await insertMessageTerms(
    db,
    terms.map((t) => ({ accountId: owner, messageId: t.id, terms: t.terms, version: t.version })),
  );
  stored.push(...terms);
}

/** The page the plan asks for, worked out from what was stored. */
function expected(plan: SearchPlan): number[] {
  return stored
    .filter((m) => m.aliasId !== strangerAlias && !m.trashed)
    .filter((m) => !plan.aliasId || m.aliasId === plan.aliasId)
    .filter((m) => !plan.beforeId || m.id < plan.beforeId)
    .filter((m) => plan.all.every((t) => m.terms.includes(t)) && !plan.none.some((t) => m.terms.includes(t)))
    .filter((m) => plan.byVersion.every((v) => m.version < v.since || v.terms.every((t) => m.terms.includes(t))))
    .map((m) => m.id)
    .sort((a, b) => b - a)
    .slice(0, plan.limit);
}

const plan = (p: Partial<SearchPlan>): SearchPlan => ({
  all: [],
  none: [],
  byVersion: [],
  clauses: [],
  now: new Date(),
  limit: 50,
  ...p,
});

async function expectSame(p: SearchPlan) {
  const rows = await searchMessages(database.db, accountId, p);
  const want = expected(p);
  expect(want.length, 'a case that finds nothing tests nothing').toBeGreaterThan(0);
  expect(rows.map((r) => r.id)).toEqual(want);
}

beforeAll(async () => {
  if (baseUrl) scratch = await createScratchDatabase(baseUrl, 'dbsearch');
  database = await openDatabase({ databaseUrl: scratch?.url, dataDir: mkdtempSync(join(tmpdir(), 'db-search-')) });
  await seed(database.db, { mailDomain: 'search.localhost', adminPasswordHash: async () => 'x' });
  const account = (handle: string) =>
    insertAccount(database.db, { handle, name: handle, email: `${handle}@example.test`, passwordHash: 'x' });
  const alias = async (owner: number, handle: string) => {
    const [keyId] = await insertKeysBulk(database.db, [{ scheme: 'aes', wrapped: Buffer.alloc(40, 3) }]);
    return (await insertAlias(database.db, { accountId: owner, domainId: 1, handle, keyId: keyId! })).id;
  };
  accountId = (await account('searcher')).id;
  const stranger = (await account('stranger')).id;
  [big, small, strangerAlias] = [await alias(accountId, 'big'), await alias(accountId, 'small'), await alias(stranger, 'theirs')];
  // The big alias's oldest mail, then mail interleaved with the small alias and another account's
  // (whose rows hold the same numbers, as an equal hash would).
  await store(accountId, [big], SEARCH_WALK_MAX + 100);
  await store(accountId, [big, small], 40);
  await store(stranger, [strangerAlias], 60);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe(`searchMessages (${baseUrl ? 'Postgres' : 'PGlite'})`, () => {
  it('finds the newest matches within an alias, from the walk, the index after it, or both', async () => {
    for (const aliasId of [big, small]) {
      const alias = { since: 4, terms: [aliasTerm(aliasId)] };
      await expectSame(plan({ all: [COMMON], byVersion: [alias], aliasId }));
      await expectSame(plan({ all: [RARE], byVersion: [alias], aliasId }));
      await expectSame(plan({ all: [COMMON], none: [EVERY_FIFTH], byVersion: [alias], aliasId }));
      await expectSame(
        plan({ all: [COMMON], byVersion: [{ since: 2, terms: [SUBJECT] }, { since: 3, terms: [PAIR] }, alias], aliasId }),
      );
    }
  });

  it('finds the newest matches over the whole account, never another account’s', async () => {
    await expectSame(plan({ all: [COMMON] }));
    await expectSame(plan({ all: [RARE] }));
    await expectSame(plan({ all: [EVERY_FIFTH], byVersion: [{ since: 3, terms: [PAIR] }], limit: 7 }));
    await expectSame(plan({ all: [RARE], none: [EVERY_FIFTH] }));
  });

  it('pages by the cursor to the end, through the walk and the index alike, trashed mail left out', async () => {
    const bigIds = stored.filter((m) => m.aliasId === big).map((m) => m.id);
    const trashed = bigIds.filter((_, i) => i % 7 === 0);
    await trashAliasMessages(database.db, big, trashed);
    for (const m of stored) if (trashed.includes(m.id)) m.trashed = true;
    for (const p of [
      plan({ all: [EVERY_FIFTH], byVersion: [{ since: 4, terms: [aliasTerm(big)] }], aliasId: big, limit: 9 }),
      plan({ all: [COMMON], byVersion: [{ since: 2, terms: [SUBJECT] }], limit: 30 }),
    ]) {
      let beforeId: number | null = null;
      let pages = 0;
      for (;;) {
        const page: SearchPlan = { ...p, beforeId };
        const rows = await searchMessages(database.db, accountId, page);
        expect(rows.map((r) => r.id)).toEqual(expected(page));
        pages++;
        if (rows.length < p.limit) break;
        beforeId = rows[rows.length - 1]!.id;
      }
      expect(pages).toBeGreaterThan(2);
    }
  });
});
