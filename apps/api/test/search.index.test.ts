// Search over sealed mail through the blind index (docs/product.md §7 Search, docs/security.md SR1):
// mail goes in over real SMTP, is indexed by the real worker, and is found through the API.
import { execFileSync } from 'node:child_process';
import { queryTerms } from '@app/runtime';
import { parseSearchQuery, type Alias, type MessageSummary } from '@app/shared';
import { sql } from 'drizzle-orm';
import { runSearchIndex } from '@app/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWithoutRequestId, type Client, createAlias, json, signedIn } from './alias-helpers';
import { mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail, storeMessages } from '@app/testing';

let t: MailRig;
let owner: Client;
let other: Client;
let first: Alias;
let second: Alias;
let foreign: Alias;

async function search(r: Client, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return r.call({ method: 'GET', url: r.url(`/search?${qs}`) });
}

async function found(r: Client, q: string, aliasId?: number): Promise<string[]> {
  const res = await search(r, aliasId ? { q, alias_id: aliasId } : { q });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ messages: MessageSummary[] }>(res).messages.map((m) => m.subject);
}

beforeAll(async () => {
  t = await mailRig();
  owner = await signedIn(t.app, t.services);
  other = await signedIn(t.app, t.services);
  [first, second, foreign] = [await createAlias(owner), await createAlias(owner), await createAlias(other)];
  await sendMail(t.mx.port, {
    from: '"Quillon Bratvask" <zephyrine@orchard-mail.example>',
    to: first.address,
    subject: 'Marmalade Ébullition report',
    text: 'The xylocarpic harvest arrives tomorrow.',
  });
  await sendMail(t.mx.port, {
    from: 'news@letters.example',
    to: first.address,
    subject: 'Html only',
    html: '<p>Secret <b>florimancy</b> notes</p>',
  });
  await sendMail(t.mx.port, {
    from: 'budget@letters.example',
    to: second.address,
    subject: 'Marmalade budget',
    text: 'Numbers inside.',
  });
  await sendMail(t.mx.port, {
    from: 'someone@letters.example',
    to: foreign.address,
    subject: 'Marmalade elsewhere',
    text: 'The xylocarpic harvest of another account.',
  });
  await waitForMessages(owner, first.id, 2);
  await waitForMessages(owner, second.id, 1);
  await waitForMessages(other, foreign.id, 1);
});
afterAll(() => t.close());

describe('search', () => {
  it('finds a subject word in every alias of the account, newest first, with the alias named', async () => {
    const res = await search(owner, { q: 'marmalade' });
    const body = json<{ success: boolean; messages: MessageSummary[]; next_cursor: string | null }>(res);
    expect(body.success).toBe(true);
    expect(body.messages.map((m) => [m.subject, m.alias_id])).toEqual([
      ['Marmalade budget', second.id],
      ['Marmalade Ébullition report', first.id],
    ]);
    expect(body.next_cursor).toBeNull();
  });

  it('finds a body word, and a word of an HTML-only body', async () => {
    expect(await found(owner, 'xylocarpic')).toEqual(['Marmalade Ébullition report']);
    expect(await found(owner, 'florimancy')).toEqual(['Html only']);
  });

  it('takes the last word as a prefix, the others as whole words', async () => {
    expect(await found(owner, 'xyloc')).toEqual(['Marmalade Ébullition report']);
    expect(await found(owner, 'harvest xyloc')).toEqual(['Marmalade Ébullition report']);
    expect(await found(owner, 'xyloc harvest')).toEqual([]);
  });

  it('finds the sender address and the sender name', async () => {
    expect(await found(owner, 'zephyrine@orchard-mail.example')).toEqual(['Marmalade Ébullition report']);
    expect(await found(owner, 'Quillon')).toEqual(['Marmalade Ébullition report']);
  });

  it('ignores case and accents', async () => {
    expect(await found(owner, 'EBULLITION')).toEqual(['Marmalade Ébullition report']);
    expect(await found(owner, 'ébullitiön')).toEqual(['Marmalade Ébullition report']);
    expect(await found(owner, 'FLORIMANCY')).toEqual(['Html only']);
  });

  it('needs every word (AND)', async () => {
    expect(await found(owner, 'marmalade xylocarpic')).toEqual(['Marmalade Ébullition report']);
    expect(await found(owner, 'marmalade budget')).toEqual(['Marmalade budget']);
    expect(await found(owner, 'florimancy budget')).toEqual([]);
  });

  it('narrows to one alias with alias_id', async () => {
    expect(await found(owner, 'marmalade', second.id)).toEqual(['Marmalade budget']);
    expect(await found(owner, 'marmalade', first.id)).toEqual(['Marmalade Ébullition report']);
  });

  it("never returns another account's messages", async () => {
    expect(await found(other, 'marmalade')).toEqual(['Marmalade elsewhere']);
    expect(await found(other, 'florimancy')).toEqual([]);
    expect(await found(owner, 'elsewhere')).toEqual([]);
  });

  it("answers another account's alias_id with the same 404 as a missing one (W3)", async () => {
    const theirs = await search(owner, { q: 'marmalade', alias_id: foreign.id });
    const missing = await search(owner, { q: 'marmalade', alias_id: 999_999_999 });
    expect(theirs.statusCode).toBe(404);
    expect(bodyWithoutRequestId(theirs)).toBe(bodyWithoutRequestId(missing));
    const notMine = await other.call({ method: 'GET', url: owner.url('/search?q=marmalade') });
    expect(notMine.statusCode).toBe(404);
  });

  it('refuses an empty, wordless or too long query with a clear 400', async () => {
    for (const q of ['', '   ', '!!! ...', 'a'.repeat(201)]) {
      const res = await search(owner, { q });
      expect(res.statusCode, q).toBe(400);
      expect(json<{ code: string; msg: string }>(res)).toMatchObject({
        code: 'VALIDATION',
        msg: expect.stringContaining('The search must contain at least one letter or digit'),
      });
    }
    expect((await owner.call({ method: 'GET', url: owner.url('/search') })).statusCode).toBe(400);
  });

  it('leaves out trashed messages and forgets deleted ones', async () => {
    const [budget] = await waitForMessages(owner, second.id, 1);
    expect((await owner.call({ method: 'DELETE', url: owner.url(`/alias/${second.id}/message/${budget!.id}`) })).statusCode).toBe(
      200,
    );
    expect(await found(owner, 'budget')).toEqual([]);
    expect((await owner.call({ method: 'DELETE', url: owner.url(`/alias/${second.id}/trash`) })).statusCode).toBe(200);
    expect(await found(owner, 'marmalade')).toEqual(['Marmalade Ébullition report']);
  });

  it('indexes messages stored without search terms when the index job runs', async () => {
    await storeMessages(t.services, first.id, 1);
    // Another test file's worker may run the same job meanwhile and index it first: what counts is
    // that after a run the message is found.
    await runSearchIndex(t.services);
    expect(await found(owner, 'bulk')).toEqual(['bulk 0']);
    expect(await found(owner, 'text', first.id)).toEqual(['bulk 0']);
  });

  it('pages by 50 with a cursor, newest first', async () => {
    await storeMessages(t.services, second.id, 55);
    await runSearchIndex(t.services);
    const page1 = json<{ messages: MessageSummary[]; next_cursor: string | null }>(
      await search(owner, { q: 'bulk', alias_id: second.id }),
    );
    expect(page1.messages).toHaveLength(50);
    expect(page1.messages[0]!.subject).toBe('bulk 54');
    expect(page1.next_cursor).not.toBeNull();
    const page2 = json<{ messages: MessageSummary[]; next_cursor: string | null }>(
      await search(owner, { q: 'bulk', alias_id: second.id, cursor: page1.next_cursor! }),
    );
    expect(page2.messages.map((m) => m.subject)).toEqual(['bulk 4', 'bulk 3', 'bulk 2', 'bulk 1', 'bulk 0']);
    expect(page2.next_cursor).toBeNull();
  });
});

describe('a search within an alias of more mail than its first walk', () => {
  // 150 messages: a search tests the newest 100 one by one, then asks the index.
  const subjects = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `bulk ${from - i}`);
  let big: Alias;
  beforeAll(async () => {
    big = await createAlias(owner);
    await storeMessages(t.services, big.id, 150);
    await runSearchIndex(t.services);
  });

  it('fills a page of a common word from the newest mail, and finds older and rarer words through the index', async () => {
    expect(await found(owner, 'bulk', big.id)).toEqual(subjects(149, 100));
    expect(await found(owner, 'bulk 7', big.id)).toEqual(['bulk 7']);
    expect(await found(owner, 'bulk 120', big.id)).toEqual(['bulk 120']);
    expect(await found(owner, 'bulk 7 from:bulk', big.id)).toEqual(['bulk 7']);
    expect(await found(owner, 'bulk 7 -text', big.id)).toEqual([]);
    // The other aliases' bulk mail stays out; over the whole account, it is there.
    expect(await found(owner, 'bulk 0', big.id)).toEqual(['bulk 0']);
    expect(await found(owner, 'bulk')).toEqual(subjects(149, 100));
    expect(await found(owner, 'bulk 7')).toEqual(['bulk 7', 'bulk 7']);
    const page = (cursor?: string) =>
      search(owner, cursor ? { q: 'bulk', alias_id: big.id, cursor } : { q: 'bulk', alias_id: big.id }).then((r) =>
        json<{ messages: MessageSummary[]; next_cursor: string | null }>(r),
      );
    const second = await page((await page()).next_cursor!);
    expect(second.messages.map((m) => m.subject)).toEqual(subjects(99, 50));
    expect((await page(second.next_cursor!)).messages.map((m) => m.subject)).toEqual(subjects(49, 0));
  });

  it("finds rows indexed before messages held their alias's term, in that alias only", async () => {
    const { db } = t.services.database;
    const key = await t.services.keys.searchKey(db, owner.id);
    const parsed = parseSearchQuery('bulk');
    if (!parsed.ok) throw new Error(parsed.error);
    const [asked] = queryTerms(key, parsed.clauses, big.id).byVersion;
    expect(asked!.since).toBe(4);
    // The previous release's rows: version 3, without the alias's term.
    await db.execute(
      sql`update message_terms set version = 3, terms = array_remove(terms, ${asked!.terms[0]!}::bigint) where ${asked!.terms[0]!}::bigint = any(terms)`,
    );
    expect(await found(owner, 'bulk', big.id)).toEqual(subjects(149, 100));
    expect(await found(owner, 'bulk 7', big.id)).toEqual(['bulk 7']);
    // The other aliases hold bulk mail of their own, but none of these numbers.
    expect(await found(owner, 'bulk 149', second.id)).toEqual([]);
    expect(await found(owner, 'bulk 120', first.id)).toEqual([]);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('the blind index at rest (SR1)', () => {
  it('a pg_dump of the database holds none of the searched words', async () => {
    expect(await found(owner, 'xylocarpic florimancy')).toEqual([]);
    expect(await found(owner, 'xylocarpic')).toHaveLength(1);
    const dump = execFileSync('pg_dump', ['--data-only', process.env.DATABASE_URL!], { maxBuffer: 1 << 30 })
      .toString('latin1')
      .toLowerCase();
    expect(dump).toContain('message_terms');
    for (const word of ['xylocarpic', 'florimancy', 'marmalade', 'ebullition', 'bullition']) expect(dump).not.toContain(word);
  });
});
