import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../client';
import { seed } from '../seed';
import { createScratchDatabase, type ScratchDatabase } from '../testing';
import { insertAccount } from './accounts';
import { findDeliveryTarget, insertAlias, type AliasRow } from './aliases';
import { listAccountMessages, listAliasMessages, listThreadMessages } from './message-lists';
import { findOwnedMessage } from './message-read';
import { insertKeysBulk, insertMessagesBulk } from './messages';
import { insertMessageTerms, searchMessages } from './search';
import { findLiveSession, insertSession } from './sessions';

/**
 * Every statement of the hot paths (RCPT lookup, ingest's writes, list, fetch, search) is scoped by
 * the account, the distribution column of docs/scaling.md: each use of `messages` or
 * `message_terms` compares its `account_id`, each use of `aliases` compares its `account_id` or
 * looks it up by its address (handle and domain, the RCPT lookup: the key that implies the account
 * before it is known), and each insert into them writes `account_id`. The statements are those the
 * Postgres driver is sent, so raw SQL and drizzle's alike are checked; the rule concerns Postgres
 * only (a distributed or partitioned one), so the test runs in Postgres mode.
 */
const baseUrl = process.env.DATABASE_URL;

/** The tables scoped by account, and for each the conditions that scope a use of it. */
const SCOPED = ['messages', 'message_terms', 'aliases'];
const KEYWORDS = new Set(['where', 'inner', 'left', 'right', 'cross', 'join', 'on', 'order', 'limit', 'group', 'for', 'as']);

/** The tables of SCOPED a statement uses without the account's scope, with the name it used them by. */
function unscopedUses(statement: string): string[] {
  const text = statement.replaceAll('"', '').replace(/\s+/g, ' ').toLowerCase();
  const out: string[] = [];
  for (const table of SCOPED) {
    const insert = new RegExp(`insert into ${table} ?\\(([^)]*)\\)`).exec(text);
    if (insert && !/\baccount_id\b/.test(insert[1]!)) out.push(`insert into ${table}`);
    for (const m of text.matchAll(new RegExp(`\\b(?:from|join) ${table}(?: (?:as )?(\\w+))?`, 'g'))) {
      const name = m[1] && !KEYWORDS.has(m[1]) ? m[1] : table;
      const column = `\\b${name}\\.account_id`;
      const scoped =
        new RegExp(`${column} = `).test(text) ||
        new RegExp(`= ${column}\\b`).test(text) ||
        (table === 'aliases' && new RegExp(`\\b${name}\\.handle = `).test(text));
      if (!scoped) out.push(`${table} as ${name}`);
    }
  }
  return out;
}

describe.skipIf(!baseUrl)('the hot paths are scoped by account (Postgres)', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let accountId: number;
  let alias: AliasRow;
  let handle: string;
  const db = () => database.db;
  const sent: string[] = [];
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'dbscope');
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: mkdtempSync(join(tmpdir(), 'db-scope-')) });
    await seed(db(), { mailDomain: 'scope.localhost', adminPasswordHash: async () => 'x' });
    accountId = (await insertAccount(db(), { handle: 'scoped', name: 'S', email: 's@example.test', passwordHash: 'x' })).id;
    const [keyId] = await insertKeysBulk(db(), [{ scheme: 'aes', wrapped: Buffer.alloc(40, 3) }]);
    handle = 'scoped1';
    alias = await insertAlias(db(), { accountId, domainId: 1, handle, keyId: keyId! });
    await insertSession(db(), { tokenHash: 'scope-token', accountId, expiresAt: new Date(Date.now() + 60_000) });
    // Every statement sent from here on is recorded (pooled clients and transactions' clients alike).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      sent.push(typeof first === 'string' ? first : (first.text ?? ''));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }, 60_000);

  afterAll(async () => {
    pg.Client.prototype.query = query;
    await database?.close();
    await scratch?.drop();
  });

  it('knows a scoped statement from an unscoped one', () => {
    expect(unscopedUses('select * from "messages" where "messages"."account_id" = $1')).toEqual([]);
    expect(unscopedUses('select * from "messages" where "messages"."alias_id" = $1')).toEqual(['messages as messages']);
    expect(unscopedUses('select 1 from messages t where t.account_id = $1')).toEqual([]);
    expect(unscopedUses('select * from aliases inner join messages on messages.alias_id = aliases.id')).toEqual([
      'messages as messages',
      'aliases as aliases',
    ]);
    expect(unscopedUses('insert into message_terms (message_id, terms) values ($1, $2)')).toEqual(['insert into message_terms']);
  });

  it('RCPT lookup, ingest, list, cursor, All mail, conversation, fetch and search', async () => {
    sent.length = 0;
    // RCPT TO: the alias by its address.
    expect((await findDeliveryTarget(db(), handle, 'scope.localhost'))?.accountId).toBe(accountId);
    // Ingest's writes: messages and their search terms.
    const keyIds = await insertKeysBulk(
      db(),
      [1, 2, 3].map(() => ({ scheme: 'aes', wrapped: Buffer.alloc(40, 1) })),
    );
    const stored = await insertMessagesBulk(
      db(),
      keyIds.map((keyId) => ({
        aliasId: alias.id,
        accountId,
        keyId,
        threadKey: 7n,
        subjectSealed: Buffer.alloc(30, 2),
        size: 100,
      })),
    );
    await insertMessageTerms(
      db(),
      stored.map((m) => ({ accountId, messageId: m.id, terms: [11n, 12n], version: 2 })),
    );
    // The lists: an alias's inbox and its next page, All mail and its next page, a conversation.
    const page = await listAliasMessages(db(), accountId, alias.id, { limit: 2 });
    expect(page).toHaveLength(2);
    expect(await listAliasMessages(db(), accountId, alias.id, { limit: 2, beforeId: page[1]!.id })).toHaveLength(1);
    const all = await listAccountMessages(db(), accountId, { limit: 2 });
    expect(all).toHaveLength(1);
    await listAccountMessages(db(), accountId, { limit: 2, beforeId: all[0]!.id });
    expect(await listThreadMessages(db(), accountId, 7n)).toHaveLength(3);
    // A message's read, alone and with the request's session.
    expect((await findOwnedMessage(db(), accountId, alias.id, page[0]!.id))?.message.id).toBe(page[0]!.id);
    const live = await findLiveSession(db(), 'scope-token', new Date(0), { aliasId: alias.id, messageId: page[0]!.id });
    expect(live?.message?.message.id).toBe(page[0]!.id);
    // Search: by terms, and the newest-first walk without terms.
    const plan = { none: [], byVersion: [], clauses: [], now: new Date(), limit: 10 };
    expect(await searchMessages(db(), accountId, { ...plan, all: [11n, 12n] })).toHaveLength(3);
    expect(await searchMessages(db(), accountId, { ...plan, all: [], none: [99n], aliasId: alias.id })).toHaveLength(3);

    const hot = sent.filter((s) => SCOPED.some((t) => new RegExp(`\\b${t}\\b`).test(s.replaceAll('"', ''))));
    expect(hot.length).toBeGreaterThanOrEqual(12);
    expect(hot.map((s) => ({ statement: s, unscoped: unscopedUses(s) })).filter((s) => s.unscoped.length)).toEqual([]);
  });
});
