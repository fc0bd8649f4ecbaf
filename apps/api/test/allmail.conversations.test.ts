// All mail (docs/product.md §3 "All mail"): every active alias's inbox in one list, a row per
// conversation, paged with a cursor; mail sent over real SMTP through the real mx and worker.
import type { Alias, ConversationSummary, MessageSummary } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createAlias, json, signedIn } from './alias-helpers';
import { mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail, storeMessages } from '@app/testing';

let t: MailRig;
let owner: Client;
let a: Alias;
let b: Alias;
let c: Alias;

beforeAll(async () => {
  t = await mailRig();
  owner = await signedIn(t.app, t.services);
  [a, b, c] = [await createAlias(owner), await createAlias(owner), await createAlias(owner)];
}, 120_000);
afterAll(() => t.close());

async function allMail(r: Client, cursor?: string) {
  const res = await r.call({ method: 'GET', url: r.url(`/messages${cursor ? `?cursor=${cursor}` : ''}`) });
  expect(res.statusCode).toBe(200);
  return json<{ messages: ConversationSummary[]; next_cursor: string | null }>(res);
}

async function thread(r: Client, key: string) {
  const res = await r.call({ method: 'GET', url: r.url(`/thread/${key}`) });
  expect(res.statusCode).toBe(200);
  return json<{ messages: MessageSummary[] }>(res).messages;
}

describe('All mail', () => {
  it('merges three aliases and groups a 5-message conversation by References and In-Reply-To', async () => {
    await sendMail(t.mx.port, { from: 'shop@shop.example', to: a.address, subject: 'Your order', text: 'one' });
    // The conversation: a first message, then replies that name it in References or only in In-Reply-To.
    await sendMail(t.mx.port, {
      from: 'ann@club.example',
      to: b.address,
      subject: 'Picnic',
      text: 'p1',
      messageId: '<p1@club.example>',
    });
    await waitForMessages(owner, b.id, 1);
    for (let i = 2; i <= 5; i++) {
      const threading = i === 3 ? { inReplyTo: '<p2@club.example>' } : { references: '<p1@club.example>' };
      await sendMail(t.mx.port, {
        from: 'ann@club.example',
        to: b.address,
        subject: `Re: Picnic`,
        text: `p${i}`,
        messageId: `<p${i}@club.example>`,
        ...(i === 3 ? { references: '<p1@club.example> <p2@club.example>' } : threading),
      });
      await waitForMessages(owner, b.id, i);
    }
    await sendMail(t.mx.port, { from: 'news@paper.example', to: c.address, subject: 'Daily', text: 'news' });
    await waitForMessages(owner, a.id, 1);
    await waitForMessages(owner, c.id, 1);

    const { messages, next_cursor } = await allMail(owner);
    expect(next_cursor).toBeNull();
    expect(messages.map((m) => [m.alias_id, m.subject, m.thread_count])).toEqual([
      [c.id, 'Daily', 1],
      [b.id, 'Re: Picnic', 5],
      [a.id, 'Your order', 1],
    ]);
    // The conversation's row is its newest message.
    expect(messages[1]!.snippet).toBe('p5');
    const inThread = await thread(owner, messages[1]!.thread_key!);
    expect(inThread.map((m) => m.snippet)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    // A message, read on its own, names its conversation for its page to show.
    const opened = await owner.call({ method: 'GET', url: owner.url(`/alias/${b.id}/message/${inThread[0]!.id}`) });
    expect(json<{ message: { thread_key: string | null } }>(opened).message.thread_key).toBe(messages[1]!.thread_key);
  });

  it('a reply sent from the alias is inside its conversation, never a row', async () => {
    const head = (await allMail(owner)).messages.find((m) => m.alias_id === b.id)!;
    const res = await owner.call({
      method: 'POST',
      url: owner.url(`/alias/${b.id}/message/${head.id}/reply`),
      payload: { text: 'See you there', confirm: true },
    });
    expect(res.statusCode).toBe(201);
    const { messages } = await allMail(owner);
    expect(messages).toHaveLength(3);
    expect(messages.every((m) => m.direction === 'in')).toBe(true);
    const row = messages.find((m) => m.alias_id === b.id)!;
    expect(row).toMatchObject({ id: head.id, thread_count: 6 });
    const inThread = await thread(owner, row.thread_key!);
    expect(inThread.at(-1)).toMatchObject({ direction: 'out', snippet: 'See you there', alias_id: b.id });
  });

  it('pages with a cursor, newest first, each message once; mail stored before conversations is a row of its own', async () => {
    // Stored without a conversation key, as mail of an earlier release.
    await storeMessages(t.services, c.id, 60);
    const first = await allMail(owner);
    expect(first.messages).toHaveLength(50);
    expect(first.next_cursor).toBe(String(first.messages[49]!.id));
    expect(first.messages[0]).toMatchObject({ subject: 'bulk 59', thread_key: null, thread_count: 1 });
    const second = await allMail(owner, first.next_cursor!);
    expect(second.next_cursor).toBeNull();
    const ids = [...first.messages, ...second.messages].map((m) => m.id);
    expect(ids).toHaveLength(63);
    expect(new Set(ids).size).toBe(63);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it('leaves out a deactivated alias', async () => {
    const res = await owner.call({ method: 'PUT', url: owner.url(`/alias/${a.id}`), payload: { is_active: 0 } });
    expect(res.statusCode).toBe(200);
    let all: ConversationSummary[] = [];
    for (let cursor: string | undefined, page; (page = await allMail(owner, cursor)); cursor = page.next_cursor) {
      all = [...all, ...page.messages];
      if (!page.next_cursor) break;
    }
    expect(all.some((m) => m.alias_id === a.id)).toBe(false);
    expect(all.some((m) => m.alias_id === b.id)).toBe(true);
  });
});
