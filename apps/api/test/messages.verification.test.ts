// The verification code at a glance (docs/product.md §3 Message, verification): found at ingest,
// sealed beside the snippet, read back on the inbox list and the message; mail stored by an earlier
// release gets it at its first read.
import { findAliasById, findAliasMessageRow, insertMessage } from '@app/db';
import { seal } from '@app/runtime';
import type { Alias, Message, MessageSummary } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createAlias, json, signedIn } from './alias-helpers';
import { getMessage, mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail } from '@app/testing';

let t: MailRig;
let owner: Client;
let other: Client;
let alias: Alias;

beforeAll(async () => {
  t = await mailRig();
  owner = await signedIn(t.app, t.services);
  other = await signedIn(t.app, t.services);
  alias = await createAlias(owner);
});
afterAll(() => t.close());

const list = async (aliasId: number) =>
  json<{ messages: MessageSummary[] }>(await owner.call({ method: 'GET', url: owner.url(`/alias/${aliasId}/messages`) }))
    .messages;

describe('verification code and link (SN3)', () => {
  let messageId: number;

  it('a verification mail sent over SMTP carries its code and link on the inbox list and on the message', async () => {
    await sendMail(t.mx.port, {
      from: '"Shopwise" <hello@shopwise.example>',
      to: alias.address,
      subject: 'Confirm your Shopwise account',
      text: 'Your verification code is 482 913.\n\nOr confirm your email address here:\nhttps://shopwise.example/confirm?token=abc\n\nOrder #10482 ships tomorrow.',
      html:
        '<p>Your verification code is <b>482 913</b>.</p>' +
        '<p><a href="https://click.shopwise.example/c?url=https%3A%2F%2Fshopwise.example%2Fconfirm%3Ftoken%3Dabc">Confirm email address</a></p>' +
        '<p><a href="https://shopwise.example/unsubscribe">Unsubscribe</a></p>',
    });
    const [row] = await waitForMessages(owner, alias.id, 1);
    messageId = row!.id;
    // The click-tracking redirect is followed to its destination, as the tracker report reads it (LK3).
    const expected = { code: '482913', link: 'https://shopwise.example/confirm?token=abc' };
    expect(row!.verification).toEqual(expected);
    const message = await getMessage(owner, alias.id, messageId);
    expect(message.verification).toEqual(expected);
  });

  it('keeps them sealed at rest under the message key', async () => {
    const row = (await findAliasMessageRow(t.services.database.db, alias.id, messageId))!;
    expect(row.verificationSealed).not.toBeNull();
    expect(row.verificationSealed!.includes(Buffer.from('482913'))).toBe(false);
    expect(row.verificationSealed!.includes(Buffer.from('shopwise.example'))).toBe(false);
  });

  it('a mail that is no verification mail has none, order numbers and prices notwithstanding', async () => {
    await sendMail(t.mx.port, {
      from: 'orders@shopwise.example',
      to: alias.address,
      subject: 'Your order #448812 is confirmed',
      text: 'Order number: 448812\nTotal: 29.98 EUR\nCall us on 0800 123 4567.\nhttps://shopwise.example/orders/448812',
    });
    const rows = await waitForMessages(owner, alias.id, 2);
    const order = rows.find((m) => m.subject.startsWith('Your order'))!;
    expect(order.verification).toEqual({ code: null, link: null });
    expect((await getMessage(owner, alias.id, order.id)).verification).toEqual({ code: null, link: null });
  });

  it('mail stored by an earlier release has none on the list until its first read finds them, and keeps them', async () => {
    const { db } = t.services.database;
    const target = await createAlias(owner);
    const aliasRow = (await findAliasById(db, target.id))!;
    const key = await t.services.keys.create(db, await t.services.keys.aliasKey(db, aliasRow));
    // A row as an earlier release stored it: no verification column.
    const id = (await insertMessage(db, {
      aliasId: target.id,
      keyId: key.id,
      senderLabel: 'Acme',
      senderAddress: 'no-reply@acme.example',
      recipient: target.address,
      subjectSealed: seal(key.key, 'Your Acme sign-in code'),
      textSealed: seal(key.key, 'Your login code: 7302 1145\nIt expires in 10 minutes.'),
      rawSealed: seal(key.key, 'Subject: Your Acme sign-in code\r\n\r\nYour login code: 7302 1145\r\n'),
      size: 60,
    }))!;
    expect((await list(target.id)).find((m) => m.id === id)!.verification).toEqual({ code: null, link: null });

    const message: Message = await getMessage(owner, target.id, id);
    expect(message.verification).toEqual({ code: '73021145', link: null });
    expect((await list(target.id)).find((m) => m.id === id)!.verification).toEqual({ code: '73021145', link: null });
    const row = (await findAliasMessageRow(db, target.id, id))!;
    expect(row.verificationSealed!.includes(Buffer.from('73021145'))).toBe(false);
  });

  it("another account's id gets the 404 of a missing one, and learns nothing (W3)", async () => {
    const res = await other.call({ method: 'GET', url: other.url(`/alias/${alias.id}/message/${messageId}`) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('482913');
  });
});
