// Search operators (docs/product.md §7 Search, docs/security.md SR3) against a known mailbox: mail
// goes in over real SMTP, is indexed by the real worker, and is searched and acted on through the API.
import { messageTerms } from '@app/db';
import { messageTerms as indexed, queryTerms } from '@app/runtime';
import { parseSearchQuery } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Alias, MessageSummary } from '@app/shared';
import { runSearchIndex } from '@app/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWithoutRequestId, type Client, createAlias, json, signedIn } from './alias-helpers';
import { getMessage, mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail, storeMessages } from '@app/testing';

let t: MailRig;
let owner: Client;
let other: Client;
let a: Alias;
let b: Alias;
let foreign: Alias;

const pdf = { filename: 'report.pdf', content: Buffer.from('%PDF-1.4 tiny'), contentType: 'application/pdf' };

async function search(r: Client, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return r.call({ method: 'GET', url: r.url(`/search?${qs}`) });
}

/** The subjects found, newest first. */
async function found(q: string, aliasId?: number, r: Client = owner): Promise<string[]> {
  const res = await search(r, aliasId ? { q, alias_id: aliasId } : { q });
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  return json<{ messages: MessageSummary[] }>(res).messages.map((m) => m.subject);
}

// The known mailbox, in the order it arrives (results come newest first).
const ENGINE = 'Quarterly engine report'; // a: Ada, 2026-01-10, attachment
const SALE = 'Big summer sale'; // a: shop news, 2026-03-05, large
const INVOICE = 'Your invoice 1234'; // a: shop billing, 2026-02-01, read
const SUMMER = 'Engine of the summer'; // b: Éric, 2026-02-20, attachment

beforeAll(async () => {
  t = await mailRig();
  owner = await signedIn(t.app, t.services);
  other = await signedIn(t.app, t.services);
  [a, b, foreign] = [await createAlias(owner), await createAlias(owner), await createAlias(other)];
  await sendMail(t.mx.port, {
    from: '"Ada Lovelace" <ada@engines.example>',
    to: a.address,
    subject: ENGINE,
    date: new Date('2026-01-10T09:00:00Z'),
    text: 'The difference engine ran all night.',
    attachments: [pdf],
  });
  await waitForMessages(owner, a.id, 1);
  await sendMail(t.mx.port, {
    from: '"Shop News" <news@shop.example>',
    to: a.address,
    subject: SALE,
    date: new Date('2026-03-05T09:00:00Z'),
    text: `Everything must go. Report to the counter.\n${'Lorem ipsum dolor sit amet. '.repeat(1200)}`,
  });
  await waitForMessages(owner, a.id, 2);
  await sendMail(t.mx.port, {
    from: 'billing@shop.example',
    to: a.address,
    subject: INVOICE,
    date: new Date('2026-02-01T09:00:00Z'),
    text: 'Amount due for engine parts.',
  });
  const [invoice] = await waitForMessages(owner, a.id, 3);
  // Opening it marks it read.
  await getMessage(owner, a.id, invoice!.id);
  await sendMail(t.mx.port, {
    from: '"Éric Dupont" <eric@maison.example>',
    to: b.address,
    subject: SUMMER,
    date: new Date('2026-02-20T09:00:00Z'),
    text: 'A difference of opinion; the night was long.',
    attachments: [pdf],
  });
  await sendMail(t.mx.port, {
    from: '"Ada Lovelace" <ada@engines.example>',
    to: foreign.address,
    subject: 'Quarterly engine report elsewhere',
    date: new Date('2026-01-10T09:00:00Z'),
    text: 'The difference engine of another account.',
    attachments: [pdf],
  });
  await waitForMessages(owner, b.id, 1);
  await waitForMessages(other, foreign.id, 1);
  // Each found by a word: the worker has indexed all of them.
  for (const q of ['quarterly', 'sale', 'invoice', 'opinion']) {
    for (let i = 0; (await found(q)).length === 0 && i < 200; i++) await new Promise((ok) => setTimeout(ok, 50));
  }
});
afterAll(() => t.close());

describe('search operators, each alone', () => {
  it('from: finds the sender address or name from the start of a word, ignoring case and accents', async () => {
    expect(await found('from:ada')).toEqual([ENGINE]);
    expect(await found('from:"ada love"')).toEqual([ENGINE]);
    expect(await found('from:shop.example')).toEqual([INVOICE, SALE]);
    expect(await found('from:shop.exa')).toEqual([INVOICE, SALE]);
    expect(await found('from:@shop')).toEqual([INVOICE, SALE]);
    // "hop" is inside a word of the address, not at its start.
    expect(await found('from:hop.example')).toEqual([]);
    expect(await found('from:ERIC')).toEqual([SUMMER]);
    expect(await found('from:Éric')).toEqual([SUMMER]);
    expect(await found('from:nobody.example')).toEqual([]);
  });

  it('to: finds the address the mail came to', async () => {
    expect(await found(`to:${b.address}`)).toEqual([SUMMER]);
    expect(await found(`to:${a.address.split('@')[0]}`)).toEqual([INVOICE, SALE, ENGINE]);
  });

  it('subject: finds the subject from the start of a word, quoted with spaces', async () => {
    expect(await found('subject:engine')).toEqual([SUMMER, ENGINE]);
    expect(await found('subject:engi')).toEqual([SUMMER, ENGINE]);
    expect(await found('subject:ngine')).toEqual([]);
    expect(await found('subject:"of the sum"')).toEqual([SUMMER]);
    expect(await found('subject:"summer sale"')).toEqual([SALE]);
    // "engine" is in the invoice's text, not its subject.
    expect(await found('subject:parts')).toEqual([]);
  });

  it('has:attachment', async () => {
    expect(await found('has:attachment')).toEqual([SUMMER, ENGINE]);
  });

  it('is:unread and is:read', async () => {
    expect(await found('is:read')).toEqual([INVOICE]);
    expect(await found('is:unread')).toEqual([SUMMER, SALE, ENGINE]);
  });

  it('is:spam finds what was scored or marked as spam', async () => {
    expect(await found('is:spam')).toEqual([]);
    // The signedIn's "Spam" on the sale moves it to the alias's Spam folder.
    const [sale] = json<{ messages: MessageSummary[] }>(await search(owner, { q: 'subject:"summer sale"' })).messages;
    const marked = await owner.call({
      method: 'POST',
      url: owner.url(`/alias/${a.id}/message/${sale!.id}/spam`),
      payload: { verdict: 'spam' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await found('is:spam')).toEqual([SALE]);
    expect(await found('-is:spam')).toEqual([SUMMER, INVOICE, ENGINE]);
    expect(await found('is:spam from:shop', a.id)).toEqual([SALE]);
    expect(await found('is:spam', b.id)).toEqual([]);
  });

  it('before: and after: take a day (UTC) or an age', async () => {
    expect(await found('before:2026-02-01')).toEqual([ENGINE]);
    expect(await found('after:2026-02-01')).toEqual([SUMMER, INVOICE, SALE]);
    expect(await found('after:2026-03-05')).toEqual([SALE]);
    // Every message of the mailbox is older than a week before now, none newer.
    expect(await found('before:7d')).toEqual([SUMMER, INVOICE, SALE, ENGINE]);
    expect(await found('after:7d')).toEqual([]);
  });

  it('larger: and smaller: compare the size of the message', async () => {
    expect(await found('larger:20k')).toEqual([SALE]);
    expect(await found('smaller:20k')).toEqual([SUMMER, INVOICE, ENGINE]);
    expect(await found('larger:1M')).toEqual([]);
  });

  it('a quoted phrase needs its words in that order', async () => {
    expect(await found('"difference engine"')).toEqual([ENGINE]);
    expect(await found('"engine difference"')).toEqual([]);
    expect(await found('"difference of opinion"')).toEqual([SUMMER]);
    expect(await found('"Lovelace"')).toEqual([ENGINE]);
  });
});

describe('rows indexed before phrases had pair terms', () => {
  it('are found by a phrase through its words, where rows of version 3 are asked for its pairs', async () => {
    const { db } = t.services.database;
    const key = await t.services.keys.searchKey(db, owner.id);
    const parsed = parseSearchQuery('"difference engine"');
    if (!parsed.ok) throw new Error(parsed.error);
    const pairs = queryTerms(key, parsed.clauses).byVersion.find((v) => v.since === 3)!.terms;
    expect(pairs).toHaveLength(1);
    const withoutPair = (version: number) =>
      db.execute(
        sql`update message_terms set version = ${version}, terms = array(select unnest(terms) except select unnest(${`{${pairs.join(',')}}`}::bigint[]))
            where account_id = ${owner.id}`,
      );
    // A row of version 3 promises every pair: without it, the phrase is not there.
    await withoutPair(3);
    expect(await found('"difference engine"')).toEqual([]);
    // The previous release's rows (version 2) hold no pairs: found by the words, then opened.
    await withoutPair(2);
    expect(await found('"difference engine"')).toEqual([ENGINE]);
    expect(await found('"engine difference"')).toEqual([]);
    expect(await found('subject:engine')).toEqual([SUMMER, ENGINE]);
  });
});

describe('rows indexed before subjects had terms of their own', () => {
  it('are found by subject: through their words, then their subjects opened', async () => {
    // The owner's rows as the previous release wrote them: version 1, without the subject's kinds.
    const { db } = t.services.database;
    const key = await t.services.keys.searchKey(db, owner.id);
    const none = { aliasId: 0, senderAddress: '', senderLabel: '', text: '' };
    const subjectKinds = [ENGINE, SALE, INVOICE, SUMMER].flatMap((subject) => {
      const asWords = new Set(indexed(key, { ...none, subject: null, text: subject }).terms);
      return indexed(key, { ...none, subject }).terms.filter((term) => !asWords.has(term));
    });
    await db.execute(
      sql`update message_terms set version = 1, terms = array(select unnest(terms) except select unnest(${`{${subjectKinds.join(',')}}`}::bigint[]))
          where account_id = ${owner.id}`,
    );
    const old = await db
      .select({ id: messageTerms.messageId })
      .from(messageTerms)
      .where(and(eq(messageTerms.accountId, owner.id), eq(messageTerms.version, 1)));
    expect(old).toHaveLength(4);
    expect(await found('subject:engine')).toEqual([SUMMER, ENGINE]);
    expect(await found('subject:"summer sale"')).toEqual([SALE]);
    expect(await found('subject:parts')).toEqual([]);
    expect(await found('invoice')).toEqual([INVOICE]);
    expect(await found('"difference engine"')).toEqual([ENGINE]);
  });
});

describe('negation', () => {
  it('leaves out words, phrases and operators', async () => {
    expect(await found('engine')).toEqual([SUMMER, INVOICE, ENGINE]);
    expect(await found('engine -quarterly')).toEqual([SUMMER, INVOICE]);
    expect(await found('difference -"difference engine"')).toEqual([SUMMER]);
    expect(await found('engine -from:shop')).toEqual([SUMMER, ENGINE]);
    expect(await found('-has:attachment')).toEqual([INVOICE, SALE]);
    expect(await found('-is:read')).toEqual([SUMMER, SALE, ENGINE]);
    expect(await found('-subject:engine')).toEqual([INVOICE, SALE]);
    expect(await found('-before:2026-02-01')).toEqual([SUMMER, INVOICE, SALE]);
    expect(await found('-larger:20k')).toEqual([SUMMER, INVOICE, ENGINE]);
  });
});

describe('operators combined', () => {
  it('needs every clause', async () => {
    expect(await found('from:shop.example is:unread')).toEqual([SALE]);
    expect(await found('subject:engine has:attachment after:2026-02-01')).toEqual([SUMMER]);
    expect(await found('engine from:shop.example is:read smaller:20k')).toEqual([INVOICE]);
    expect(await found('"difference engine" has:attachment before:2026-02-01 from:ada')).toEqual([ENGINE]);
    expect(await found('after:2026-01-01 before:2026-03-01 -has:attachment')).toEqual([INVOICE]);
    expect(await found('summer -subject:sale is:unread')).toEqual([SUMMER]);
  });

  it('within one alias or across the account', async () => {
    expect(await found('subject:engine', a.id)).toEqual([ENGINE]);
    expect(await found('subject:engine', b.id)).toEqual([SUMMER]);
    expect(await found('has:attachment', b.id)).toEqual([SUMMER]);
    expect(await found('is:unread from:shop', a.id)).toEqual([SALE]);
  });

  it("never finds another account's messages", async () => {
    expect(await found('from:ada', undefined, other)).toEqual(['Quarterly engine report elsewhere']);
    expect(await found('"difference engine" has:attachment')).toEqual([ENGINE]);
    expect(await found('subject:elsewhere')).toEqual([]);
    const theirs = await search(owner, { q: 'is:unread', alias_id: foreign.id });
    const missing = await search(owner, { q: 'is:unread', alias_id: 999_999_999 });
    expect(theirs.statusCode).toBe(404);
    expect(bodyWithoutRequestId(theirs)).toBe(bodyWithoutRequestId(missing));
  });
});

describe('malformed operators', () => {
  it('are a 400 that says how to write them', async () => {
    const cases: Array<[string, string]> = [
      ['from:', 'from: needs a value, e.g. from:ada@example.org'],
      ['has:pdf', 'has: takes attachment (has:attachment)'],
      ['is:starred', 'is: takes unread, read or spam (is:unread)'],
      ['before:soon', 'before: takes a date as YYYY-MM-DD or an age'],
      ['after:2026-13-01', 'after: takes a date as YYYY-MM-DD or an age'],
      ['larger:huge', 'larger: takes a size'],
      ['"open phrase', 'A quote is not closed'],
    ];
    for (const [q, msg] of cases) {
      const res = await search(owner, { q });
      expect(res.statusCode, q).toBe(400);
      expect(json<{ code: string; msg: string }>(res)).toMatchObject({ code: 'VALIDATION', msg: expect.stringContaining(msg) });
    }
  });
});

describe('bounded work', () => {
  it('stops a scan of sealed fields at 500 candidates and says more results may exist', async () => {
    const c = await createAlias(owner);
    // 505 messages "bulk 0" … "bulk 504": "bulk 7" is in the subjects of 7 and 70 to 79.
    await storeMessages(t.services, c.id, 505);
    await runSearchIndex(t.services);
    const first = json<{ messages: MessageSummary[]; next_cursor: string | null; partial: boolean }>(
      await search(owner, { q: 'subject:"bulk 7"', alias_id: c.id }),
    );
    // 500 candidates, newest first, reach down to "bulk 5": every match is among them.
    expect(first.messages.map((m) => m.subject)).toEqual([...Array.from({ length: 10 }, (_, i) => `bulk ${79 - i}`), 'bulk 7']);
    expect(first.partial).toBe(true);
    expect(first.next_cursor).not.toBeNull();
    const rest = json<{ messages: MessageSummary[]; next_cursor: string | null; partial: boolean }>(
      await search(owner, { q: 'subject:"bulk 7"', alias_id: c.id, cursor: first.next_cursor! }),
    );
    expect(rest).toMatchObject({ messages: [], next_cursor: null, partial: false });
    // Columns in clear answer without opening anything: no bound, pages of 50.
    const clear = json<{ messages: MessageSummary[]; next_cursor: string | null; partial: boolean }>(
      await search(owner, { q: 'from:bulk@example.com', alias_id: c.id }),
    );
    expect(clear.messages).toHaveLength(50);
    expect(clear.partial).toBe(false);
    expect(clear.next_cursor).not.toBeNull();
    const emptied = await owner.call({ method: 'PUT', url: owner.url(`/alias/${c.id}/trash_messages`), payload: { all: true } });
    expect(json(emptied)).toMatchObject({ count: 505 });
  });
});

describe('bulk actions on every result', () => {
  const bulk = (r: Client, payload: Record<string, unknown>) =>
    r.call({ method: 'POST', url: owner.url('/search/bulk'), payload });

  it("refuses another account and another account's alias", async () => {
    expect((await bulk(other, { q: 'engine', action: 'trash' })).statusCode).toBe(404);
    expect((await bulk(owner, { q: 'engine', action: 'trash', alias_id: foreign.id })).statusCode).toBe(404);
    expect((await bulk(owner, { q: 'is:starred', action: 'read' })).statusCode).toBe(400);
    expect((await bulk(owner, { q: 'engine', action: 'delete' })).statusCode).toBe(400);
    expect(await found('engine')).toEqual([SUMMER, INVOICE, ENGINE]);
  });

  it('marks every result read, in every alias, with the counters in step', async () => {
    const res = await bulk(owner, { q: 'summer', action: 'read' });
    expect(json(res)).toEqual({ success: true, count: 2, more: false });
    expect(await found('is:unread')).toEqual([ENGINE]);
    const aliases = json<{ aliases: Array<{ id: number; unread_count: number }> }>(
      await owner.call({ method: 'GET', url: owner.url('/aliases') }),
    ).aliases;
    expect(aliases.find((x) => x.id === b.id)?.unread_count).toBe(0);
    expect(json(await bulk(owner, { q: 'summer', action: 'unread', alias_id: b.id }))).toEqual({
      success: true,
      count: 1,
      more: false,
    });
    expect(await found('is:unread')).toEqual([SUMMER, ENGINE]);
  });

  it('blocks the sender of every result, each once, for the alias searched or the account', async () => {
    const rules = async () =>
      json<{ blocks: Array<{ kind: string; value: string; alias_id: number | null }> }>(
        await owner.call({ method: 'GET', url: owner.url('/blocks') }),
      ).blocks.map((r) => [r.kind, r.value, r.alias_id]);
    expect(await rules()).toEqual([]);
    // Unauthenticated senders (SPF/DKIM do not pass on loopback): "Block sender" takes the envelope sender.
    expect(json(await bulk(owner, { q: 'from:shop.example', action: 'block' }))).toEqual({
      success: true,
      count: 2,
      more: false,
    });
    expect(json(await bulk(owner, { q: 'from:shop.example', action: 'block' }))).toEqual({
      success: true,
      count: 0,
      more: false,
    });
    expect(json(await bulk(owner, { q: 'summer', action: 'block', alias_id: b.id }))).toEqual({
      success: true,
      count: 1,
      more: false,
    });
    expect((await rules()).sort()).toEqual(
      [
        ['sender', 'billing@shop.example', null],
        ['sender', 'eric@maison.example', b.id],
        ['sender', 'news@shop.example', null],
      ].sort(),
    );
    expect(json(await other.call({ method: 'GET', url: other.url('/blocks') }))).toMatchObject({ blocks: [] });
  });

  it('trashes every result, leaving the rest', async () => {
    expect(json(await bulk(owner, { q: 'from:shop.example', action: 'trash' }))).toEqual({
      success: true,
      count: 2,
      more: false,
    });
    expect(await found('-is:spam')).toEqual([SUMMER, ENGINE]);
    expect(await found('from:ada', undefined, other)).toEqual(['Quarterly engine report elsewhere']);
    const trash = json<{ messages: MessageSummary[] }>(
      await owner.call({ method: 'GET', url: owner.url(`/alias/${a.id}/trash`) }),
    );
    expect(trash.messages.map((m) => m.subject).sort()).toEqual([INVOICE, SALE].sort());
  });
});
