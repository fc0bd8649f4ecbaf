import { JSDOM } from 'jsdom';
import type { Alias, Message } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWithoutRequestId, type Client, createAlias, json, signedIn } from './alias-helpers';
import { getMessage, mailRig, parseCsp, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail, storeMessages } from '@app/testing';

let t: MailRig;
let owner: Client;
let other: Client;

beforeAll(async () => {
  t = await mailRig();
  owner = await signedIn(t.app, t.services);
  other = await signedIn(t.app, t.services);
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('end to end: SMTP → ingest → API → viewer', () => {
  let alias: Alias;
  let messageId: number;
  let message: Message;

  it('creates an alias with a random address on the default domain (201)', async () => {
    const res = await owner.call({ method: 'POST', url: owner.url('/alias'), payload: {} });
    expect(res.statusCode).toBe(201);
    const body = json<{ success: boolean; handle: string; msg: string; alias: Alias }>(res);
    expect(body.success).toBe(true);
    expect(body.handle).toMatch(/^[a-z]+\.[a-z]+\d+$/);
    expect(body.alias).toMatchObject({
      handle: body.handle,
      domain_id: 1,
      is_active: true,
      unread_count: 0,
      total_count: 0,
      last_message: null,
    });
    expect(body.alias.address).toBe(`${body.handle}@alias.localhost`);
    alias = body.alias;
  });

  it('a multipart/alternative message with an attachment and an inline cid: image arrives through the API', async () => {
    const info = await sendMail(t.mx.port, {
      from: '"Shop Team" <team@shop.example>',
      to: alias.address,
      subject: 'Your order ✓',
      text: 'Thanks for your order. Details at https://shop.example/orders/42',
      html: '<h1>Thanks!</h1><p>See <a href="https://shop.example/orders/42">your order</a>.</p><img src="cid:logo@shop" alt="logo">',
      attachments: [
        { filename: 'invoice 42 – März.pdf', content: Buffer.from('%PDF-1.4 fake'), contentType: 'application/pdf' },
        { filename: 'logo.png', content: PNG, cid: 'logo@shop', contentType: 'image/png' },
      ],
    });
    expect(info.response).toMatch(/^250 /);
    const [summary] = await waitForMessages(owner, alias.id);
    expect(summary).toMatchObject({
      alias_id: alias.id,
      sender_label: 'Shop Team',
      sender_address: 'team@shop.example',
      subject: 'Your order ✓',
      snippet: 'Thanks for your order. Details at https://shop.example/orders/42',
      html: true,
      opened: null,
      state: 'ok',
      direction: 'in',
      // The logo is shown by the HTML (cid:), so only the invoice counts.
      attachments_count: 1,
    });
    messageId = summary!.id;
    const before = json<{ alias: Alias }>(await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}`) })).alias;
    expect(before).toMatchObject({ unread_count: 1, total_count: 1 });
    expect(before.contacted_unix).toBeGreaterThan(0);
    expect(before.last_message?.id).toBe(messageId);
  });

  it('GET message returns text, attachments and warnings (no HTML) and marks it read', async () => {
    message = await getMessage(owner, alias.id, messageId);
    expect(message.text?.trim()).toBe('Thanks for your order. Details at https://shop.example/orders/42');
    expect(message).not.toHaveProperty('html_body');
    expect(JSON.stringify(message)).not.toContain('<h1>');
    expect(message.html).toBe(true);
    expect(message.warnings).toEqual([]);
    expect(message.opened).not.toBeNull();
    expect(message.attachments.map((a) => [a.filename, a.content_type, a.cid, a.embedded]).sort()).toEqual([
      ['invoice 42 – März.pdf', 'application/pdf', null, false],
      ['logo.png', 'image/png', 'logo@shop', true],
    ]);
    const after = json<{ alias: Alias }>(await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}`) })).alias;
    expect(after.unread_count).toBe(0);
    // A second read changes nothing.
    await getMessage(owner, alias.id, messageId);
    expect(
      json<{ alias: Alias }>(await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}`) })).alias.unread_count,
    ).toBe(0);
  });

  it('serves an attachment as a download with RFC 6266 filename* and a sandbox CSP (H9)', async () => {
    const pdf = message.attachments.find((a) => a.content_type === 'application/pdf')!;
    const res = await owner.call({
      method: 'GET',
      url: owner.url(`/alias/${alias.id}/message/${messageId}/attachment/${pdf.id}`),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice 42 _ M_rz.pdf"; filename*=UTF-8''invoice%2042%20%E2%80%93%20M%C3%A4rz.pdf`,
    );
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.toString()).toBe('%PDF-1.4 fake');
  });

  it('the viewer returns the sanitised HTML with the exact CSP of H2; cid: images load through signed URLs', async () => {
    const res = await owner.call({ method: 'GET', url: `/viewer/${owner.id}/${alias.id}/${messageId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'",
    );
    const csp = parseCsp(res.headers['content-security-policy'] as string);
    expect(csp.get('sandbox')).not.toContain('allow-scripts');
    // Same origin only so the page can size the frame; never together with scripts (H3).
    expect([...csp.get('sandbox')!].sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin']);
    expect(csp.has('script-src')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = new JSDOM(res.body).window.document;
    expect(doc.querySelector('h1')?.textContent).toBe('Thanks!');
    const link = doc.querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const src = doc.querySelector('img')!.getAttribute('src')!;
    expect(src).toMatch(
      new RegExp(`^/api/account/${owner.id}/alias/${alias.id}/message/${messageId}/attachment/\\d+\\?inline=1&exp=\\d+&sig=`),
    );
    // The sandboxed page sends no session cookie: the signature alone opens the image, inline.
    const img = await t.app.inject({ method: 'GET', url: src });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toMatch(/^inline; /);
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    // A tampered signature, or the signature on another attachment, opens nothing.
    expect((await t.app.inject({ method: 'GET', url: src.replace(/sig=.{4}/, 'sig=AAAA') })).statusCode).toBe(404);
    const pdf = message.attachments.find((a) => a.content_type === 'application/pdf')!;
    expect((await t.app.inject({ method: 'GET', url: src.replace(/attachment\/\d+/, `attachment/${pdf.id}`) })).statusCode).toBe(
      404,
    );
  });

  it('another account gets the same 404 for the alias, the messages, the message, the attachment, the raw and the viewer', async () => {
    const att = message.attachments[0]!;
    const paths = [
      `/alias/${alias.id}`,
      `/alias/${alias.id}/messages`,
      `/alias/${alias.id}/message/${messageId}`,
      `/alias/${alias.id}/message/${messageId}/attachment/${att.id}`,
      `/alias/${alias.id}/message/${messageId}/raw`,
    ];
    const missing = await other.call({ method: 'GET', url: other.url('/alias/999999999') });
    expect(missing.statusCode).toBe(404);
    for (const p of paths) {
      // With the other account's own id in the path (ownership check on the alias)...
      const own = await other.call({ method: 'GET', url: other.url(p) });
      expect(own.statusCode, p).toBe(404);
      expect(bodyWithoutRequestId(own)).toBe(bodyWithoutRequestId(missing));
      // ...and with the owner's id in the path (the session check).
      const foreign = await other.call({ method: 'GET', url: owner.url(p) });
      expect(foreign.statusCode, p).toBe(404);
      expect(bodyWithoutRequestId(foreign)).toBe(bodyWithoutRequestId(missing));
    }
    for (const url of [`/viewer/${owner.id}/${alias.id}/${messageId}`, `/viewer/${other.id}/${alias.id}/${messageId}`]) {
      const res = await other.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Thanks');
    }
    // Writes too: nothing changes.
    const put = await other.call({
      method: 'PUT',
      url: other.url(`/alias/${alias.id}/mark_messages`),
      payload: { message_ids: [messageId], type: 'unread' },
    });
    expect(put.statusCode).toBe(404);
    const del = await other.call({ method: 'DELETE', url: owner.url(`/alias/${alias.id}/message/${messageId}`) });
    expect(del.statusCode).toBe(404);
    expect((await getMessage(owner, alias.id, messageId)).id).toBe(messageId);
    // Signed out: the viewer is a 404 as well, not a sign-in prompt.
    expect((await t.app.inject({ method: 'GET', url: `/viewer/${owner.id}/${alias.id}/${messageId}` })).statusCode).toBe(404);
  });

  it('lists the alias in the sidebar with its counters and last message', async () => {
    const res = await owner.call({ method: 'GET', url: owner.url('/aliases') });
    expect(res.statusCode).toBe(200);
    const list = json<{ aliases: Alias[] }>(res).aliases;
    const mine = list.find((a) => a.id === alias.id)!;
    expect(mine).toMatchObject({ total_count: 1, unread_count: 0 });
    expect(mine.last_message?.subject).toBe('Your order ✓');
    expect(
      json<{ aliases: Alias[] }>(await other.call({ method: 'GET', url: other.url('/aliases') })).aliases.map((a) => a.id),
    ).not.toContain(alias.id);
  });
});

describe('reading, marking and trashing keep the counters right', () => {
  it('a message stored before previews were kept lists with snippet null', async () => {
    const a = await createAlias(owner);
    // storeMessages writes the columns of the previous release: no snippet_sealed.
    const [id] = await storeMessages(t.services, a.id, 1);
    const [summary] = await waitForMessages(owner, a.id);
    expect(summary).toMatchObject({ id, subject: 'bulk 0', snippet: null });
  });

  it('pages newest first, 50 at a time, with a cursor', async () => {
    const alias = await createAlias(owner);
    const ids = await storeMessages(t.services, alias.id, 120);
    const seen: number[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const res = await owner.call({
        method: 'GET',
        url: owner.url(`/alias/${alias.id}/messages${cursor ? `?cursor=${cursor}` : ''}`),
      });
      const page = json<{ messages: Array<{ id: number }>; next_cursor: string | null }>(res);
      sizes.push(page.messages.length);
      seen.push(...page.messages.map((m) => m.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual([...ids].reverse());
    expect((await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}/messages?cursor=abc`) })).statusCode).toBe(400);
  });

  it('mark read/unread and trash (one and many) move unread_count and total_count', async () => {
    const alias = await createAlias(owner);
    const ids = await storeMessages(t.services, alias.id, 5);
    const counts = async () => {
      const a = json<{ alias: Alias }>(await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}`) })).alias;
      return [a.unread_count, a.total_count];
    };
    expect(await counts()).toEqual([5, 5]);
    const mark = (type: string, message_ids: number[]) =>
      owner.call({ method: 'PUT', url: owner.url(`/alias/${alias.id}/mark_messages`), payload: { message_ids, type } });
    expect(json(await mark('read', [ids[0]!, ids[1]!, ids[1]!]))).toMatchObject({ success: true, count: 2 });
    expect(await counts()).toEqual([3, 5]);
    await mark('read', [ids[0]!]); // already read: no change
    expect(await counts()).toEqual([3, 5]);
    await mark('unread', [ids[0]!]);
    expect(await counts()).toEqual([4, 5]);
    expect((await mark('sideways', [ids[0]!])).statusCode).toBe(400);

    const del = await owner.call({ method: 'DELETE', url: owner.url(`/alias/${alias.id}/message/${ids[2]}`) });
    expect(json(del)).toMatchObject({ success: true });
    expect(await counts()).toEqual([3, 4]);
    expect((await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}/message/${ids[2]}`) })).statusCode).toBe(404);
    expect((await owner.call({ method: 'DELETE', url: owner.url(`/alias/${alias.id}/message/${ids[2]}`) })).statusCode).toBe(404);

    const trash = await owner.call({
      method: 'PUT',
      url: owner.url(`/alias/${alias.id}/trash_messages`),
      payload: { message_ids: [ids[1]!, ids[3]!, 999999999] },
    });
    expect(json(trash)).toMatchObject({ success: true, count: 2 });
    expect(await counts()).toEqual([2, 2]);
    const left = await waitForMessages(owner, alias.id);
    expect(left.map((m) => m.id).sort()).toEqual([ids[0]!, ids[4]!].sort());
    // Writes need the SPA's header (CSRF guard of the foundation).
    const bare = await t.app.inject({
      method: 'PUT',
      url: owner.url(`/alias/${alias.id}/trash_messages`),
      payload: { message_ids: [ids[0]!] },
    });
    expect(bare.statusCode).toBe(403);
  });

  it('with data shredding, "Shred now" (emptying the trash) deletes the message and its key at once', async () => {
    const vip = await signedIn(t.app, t.services, 2);
    const alias = await createAlias(vip);
    const [id] = await storeMessages(t.services, alias.id, 1);
    const { findKey } = await import('@app/db');
    const listed = await waitForMessages(vip, alias.id);
    const row = await t.services.database.db.query.messages.findFirst({ where: (m, { eq }) => eq(m.id, id!) });
    expect(listed).toHaveLength(1);
    await vip.call({ method: 'PUT', url: vip.url(`/alias/${alias.id}/trash_messages`), payload: { message_ids: [id!] } });
    // Kept, sealed, for the grace: the key is still there until the trash is shredded.
    expect(await findKey(t.services.database.db, row!.keyId)).not.toBeNull();
    await vip.call({ method: 'DELETE', url: vip.url(`/alias/${alias.id}/trash`) });
    expect(await t.services.database.db.query.messages.findFirst({ where: (m, { eq }) => eq(m.id, id!) })).toBeUndefined();
    expect(await findKey(t.services.database.db, row!.keyId)).toBeNull();
  });
});
