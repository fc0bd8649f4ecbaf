// All mail and conversations are read through the session's account only (docs/security.md W3):
// another account's id is a 404, and another account's mail never appears, even with its conversation key.
import type { Alias, ConversationSummary, MessageSummary } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createAlias, json, signedIn } from './alias-helpers';
import { mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail } from '@app/testing';

let t: MailRig;
let owner: Client;
let other: Client;
let alias: Alias;
let otherAlias: Alias;

beforeAll(async () => {
  t = await mailRig();
  owner = await signedIn(t.app, t.services);
  other = await signedIn(t.app, t.services);
  alias = await createAlias(owner);
  otherAlias = await createAlias(other);
  await sendMail(t.mx.port, { from: 'x@sender.example', to: alias.address, subject: 'Private', text: 'secret' });
  await sendMail(t.mx.port, { from: 'y@sender.example', to: otherAlias.address, subject: 'Theirs', text: 'theirs' });
  await waitForMessages(owner, alias.id);
  await waitForMessages(other, otherAlias.id);
});
afterAll(() => t.close());

async function list(r: Client, url: string) {
  const res = await r.call({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ messages: Array<ConversationSummary | MessageSummary> }>(res);
}

describe('W3: All mail stays within the account', () => {
  it("another account's id answers 404 for both the list and a conversation", async () => {
    const [mine] = (await list(owner, owner.url('/messages'))).messages as ConversationSummary[];
    for (const url of [owner.url('/messages'), owner.url(`/thread/${mine!.thread_key}`)]) {
      const res = await other.call({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Private');
    }
  });

  it("another account's messages never appear in the list, nor through their conversation key", async () => {
    const theirs = (await list(other, other.url('/messages'))).messages as ConversationSummary[];
    expect(theirs.map((m) => m.subject)).toEqual(['Theirs']);
    const [mine] = (await list(owner, owner.url('/messages'))).messages as ConversationSummary[];
    expect(mine).toMatchObject({ subject: 'Private', alias_id: alias.id });
    expect((await list(other, other.url(`/thread/${mine!.thread_key}`))).messages).toEqual([]);
  });

  it('refuses a conversation key that is not a 64-bit number', async () => {
    const res = await owner.call({ method: 'GET', url: owner.url('/thread/1e9') });
    expect(res.statusCode).toBe(400);
  });
});
