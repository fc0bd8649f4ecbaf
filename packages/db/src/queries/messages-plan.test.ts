import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DbOrTx } from '../client';
import { seed } from '../seed';
import { createScratchDatabase, type ScratchDatabase } from '../testing';
import { insertAccount } from './accounts';
import { insertAlias, type AliasRow } from './aliases';
import {
  accountMessagesPageQuery,
  aliasMessagesPageQuery,
  listAccountMessages,
  listAliasMessages,
  withIndexWalkPlanner,
} from './message-lists';
import { ownedMessageQuery } from './message-read';
import { insertKeysBulk, insertMessagesBulk, trashAliasMessages } from './messages';

/**
 * The inbox list's and the message fetch's plans on the real planner (Postgres when DATABASE_URL is
 * set, else PGlite), for a big and a small alias among 200: one page's worth of rows read (one row
 * for the fetch), whether the statistics are those of before a burst or settled.
 */
const baseUrl = process.env.DATABASE_URL;
let scratch: ScratchDatabase | null = null;
let database: Database;
let accountId: number;
let otherAccountId: number;
let big: AliasRow;
let small: AliasRow;
const PAGE = 51;
const BURST = 3_000;

const db = () => database.db;

/** Stores `n` messages in each alias given, interleaved as mail arrives. */
async function store(aliasIds: number[], n: number): Promise<void> {
  const order = Array.from({ length: n }, () => aliasIds).flat();
  for (let at = 0; at < order.length; at += 1_000) {
    const part = order.slice(at, at + 1_000);
    const keyIds = await insertKeysBulk(
      db(),
      part.map(() => ({ scheme: 'aes', wrapped: Buffer.alloc(40, 1) })),
    );
    await insertMessagesBulk(
      db(),
      part.map((aliasId, i) => ({ aliasId, keyId: keyIds[i]!, subjectSealed: Buffer.alloc(30, 2), size: 100 })),
    );
  }
}

async function newAlias(owner: number, handle: string): Promise<AliasRow> {
  const [keyId] = await insertKeysBulk(db(), [{ scheme: 'aes', wrapped: Buffer.alloc(40, 3) }]);
  return insertAlias(db(), { accountId: owner, domainId: 1, handle, keyId: keyId! });
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Parent Relationship'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** EXPLAIN ANALYZE of a query, run as the lists run it (withIndexWalkPlanner) unless `plain`. */
async function explain(query: (tx: DbOrTx) => SQLWrapper, plain = false): Promise<PlanNode> {
  const run = async (tx: DbOrTx) =>
    (await tx.execute(sql`explain (analyze, format json) ${query(tx)}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
  const result = plain ? await run(db()) : await withIndexWalkPlanner(db(), run);
  const json = Object.values(result.rows[0]!)[0];
  return (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
}

/** One page of the alias's list, as listAliasMessages runs it. */
const plan = (alias: AliasRow, beforeId?: number) =>
  explain((tx) =>
    aliasMessagesPageQuery(
      tx,
      { folder: 'inbox', after: beforeId !== undefined },
      { accountId, aliasId: alias.id, beforeId: beforeId ?? 0, limit: PAGE },
    ),
  );

/** One page of the account's All mail, as listAccountMessages runs it. */
const accountPlan = (beforeId?: number) =>
  explain((tx) => accountMessagesPageQuery(tx, beforeId !== undefined, { accountId, beforeId: beforeId ?? 0, limit: PAGE }));

/** The newest message of the alias read as findOwnedMessage reads it. */
async function fetchPlan(alias: AliasRow) {
  const [newest] = await listAliasMessages(db(), accountId, alias.id, { limit: 1 });
  return explain((tx) => ownedMessageQuery(tx, { accountId, aliasId: alias.id, messageId: newest!.id }), true);
}

/** The message is found by its id in an index (the primary key's or the list's): one row of messages read, whatever the alias's size. */
function expectOneRowFetch(root: PlanNode) {
  const plan = JSON.stringify(root);
  const scans = nodes(root).filter((n) => n['Relation Name'] === 'messages');
  expect(
    scans.map((n) => n['Node Type']),
    plan,
  ).toEqual(['Index Scan']);
  expect(scans[0]!['Index Cond'], plan).toMatch(/\bid = /);
  expect(scans[0]!['Actual Rows'] + (scans[0]!['Rows Removed by Filter'] ?? 0), plan).toBe(1);
}

/**
 * Messages are only walked along an index, under a LIMIT (no Sort over the alias's rows, no bitmap
 * or sequential scan), and no step of the plan reads more than a page: rows returned or filtered out.
 * The alias's ownership check runs once (an InitPlan) on one alias: the planner may scan a table of
 * a few pages of aliases for it, a cost of the aliases table and never of the inbox.
 */
function expectOnePageWalk(root: PlanNode) {
  const all = nodes(root);
  const plan = JSON.stringify(root);
  const scans = all.filter((n) => n['Relation Name'] === 'messages');
  expect(scans.length, plan).toBeGreaterThan(0);
  for (const n of scans) expect(n['Node Type'], plan).toMatch(/^Index (Only )?Scan$/);
  for (const n of all.filter((n) => !(n['Parent Relationship'] === 'InitPlan' && n['Relation Name'] === 'aliases'))) {
    const read = (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'];
    expect(read, `${n['Node Type']} on ${n['Relation Name']} in ${plan}`).toBeLessThanOrEqual(PAGE);
  }
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'db-plan-'));
  if (baseUrl) scratch = await createScratchDatabase(baseUrl, 'dbplan');
  database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
  await seed(db(), { mailDomain: 'plan.localhost', adminPasswordHash: async () => 'x' });
  const account = (handle: string) =>
    insertAccount(db(), { handle, name: handle, email: `${handle}@example.test`, passwordHash: 'x' });
  accountId = (await account('planner')).id;
  otherAccountId = (await account('stranger')).id;
  // Statistics are taken while the big alias holds one message among many aliases' mail; then the
  // burst arrives and nothing analyzes again (autovacuum would, some time later).
  await db().execute(sql`alter table messages set (autovacuum_enabled = false)`);
  const others: number[] = [];
  for (let i = 0; i < 198; i++) others.push((await newAlias(accountId, `other${i}`)).id);
  big = await newAlias(accountId, 'big');
  small = await newAlias(accountId, 'small');
  await store(others, 5);
  await store([big.id], 1);
  await db().execute(sql`analyze`);
  await store([big.id], BURST);
  await store([small.id], 10);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

describe(`inbox and All mail list plans (${baseUrl ? 'Postgres' : 'PGlite'})`, () => {
  it('right after a burst the statistics still call small, the first and second pages read one page, a fetch one row', async () => {
    expectOnePageWalk(await plan(big));
    const [, cursor] = await listAliasMessages(db(), accountId, big.id, { limit: 2 });
    expectOnePageWalk(await plan(big, cursor!.id));
    expectOnePageWalk(await plan(small));
    expectOnePageWalk(await accountPlan());
    const [, at] = await listAccountMessages(db(), accountId, { limit: 2 });
    expectOnePageWalk(await accountPlan(at!.id));
    expectOneRowFetch(await fetchPlan(big));
    expectOneRowFetch(await fetchPlan(small));
  });

  it('once analyzed, a big alias and a small one among many still read one page, a fetch one row', async () => {
    await db().execute(sql`analyze`);
    expectOnePageWalk(await plan(big));
    const [, cursor] = await listAliasMessages(db(), accountId, big.id, { limit: 2 });
    expectOnePageWalk(await plan(big, cursor!.id));
    expectOnePageWalk(await plan(small));
    expectOnePageWalk(await accountPlan());
    const [, at] = await listAccountMessages(db(), accountId, { limit: 2 });
    expectOnePageWalk(await accountPlan(at!.id));
    expectOneRowFetch(await fetchPlan(big));
    expectOneRowFetch(await fetchPlan(small));
  });

  it('pages follow the cursor newest first, without trashed messages, and only for the owner', async () => {
    const all = (
      (await db().execute(sql`select id from messages where alias_id = ${small.id} order by id desc`)) as unknown as {
        rows: Array<{ id: string | number }>;
      }
    ).rows.map((r) => Number(r.id));
    expect(all).toHaveLength(10);
    await trashAliasMessages(db(), small.id, [all[3]!]);
    const visible = all.filter((id) => id !== all[3]);
    const first = await listAliasMessages(db(), accountId, small.id, { limit: 4 });
    expect(first.map((m) => m.id)).toEqual(visible.slice(0, 4));
    expect(first.every((m) => m.aliasId === small.id && m.keyWrapped.length === 40)).toBe(true);
    const second = await listAliasMessages(db(), accountId, small.id, { limit: 4, beforeId: first[3]!.id });
    expect(second.map((m) => m.id)).toEqual(visible.slice(4, 8));
    const last = await listAliasMessages(db(), accountId, small.id, { limit: 4, beforeId: second[3]!.id });
    expect(last.map((m) => m.id)).toEqual(visible.slice(8));
    expect((await listAliasMessages(db(), accountId, small.id, { limit: 4, folder: 'trash' })).map((m) => m.id)).toEqual([
      all[3],
    ]);
    expect(await listAliasMessages(db(), otherAccountId, small.id, { limit: 4 })).toEqual([]);
    expect(await listAliasMessages(db(), otherAccountId, small.id, { limit: 4, beforeId: first[3]!.id })).toEqual([]);
  });
});
