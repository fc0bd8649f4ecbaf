// Content-free notifications (docs/product.md §3 "Notifications"): the e-mail note at a local relay
// stand-in, batching, and Web Push through the real web-push library to a local HTTPS server standing
// in for the browser's push service, which decrypts the note with the subscription's own keys.
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { insertInbound, listPushSubscriptions, messages, pushKeys } from '@app/db';
import { PUSH_MAX_SUBSCRIPTIONS, PUSH_MESSAGES, type Alias } from '@app/shared';
import { ingestInbound, PUSH_DEFAULTS, runNotifications } from '@app/worker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { buildWithRelay, type RelayTestApp } from './access-helpers';
import { createAlias, json, signedIn, uniq, update, type Client } from './alias-helpers';
import {
  LOOPBACK_PUSH,
  newBrowser as browserOf,
  type PushStandIn,
  startPushStandIn,
  trustStandIn,
  verifyVapidJwt,
} from '@app/testing';

let t: RelayTestApp;
let pushService: PushStandIn;

beforeAll(async () => {
  t = await buildWithRelay({}, { pushPolicy: LOOPBACK_PUSH });
  // The VAPID pair is one row shared by every test file on one database, each with its own master
  // key: start from none, so this file's services make (and can open) it.
  await t.services.database.db.delete(pushKeys);
  pushService = await startPushStandIn();
  trustStandIn(pushService);
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

/** Pushes to the stand-ins on loopback, with a short deadline so a hanging one is given up on quickly. */
const PUSH_TO_LOOPBACK = { ...PUSH_DEFAULTS, policy: LOOPBACK_PUSH, timeoutMs: 1000 };

const SECRET_SUBJECT = 'Quarterly figures for the board';
const SECRET_TEXT = 'The merger closes on Friday';

/** Mail as the mx hands it over (a sealed inbound row), stored by the worker's ingest. Returns the message id. */
async function receive(alias: Alias, m: { from: string; subject: string; text: string }): Promise<number> {
  const { db } = t.services.database;
  const raw = Buffer.from(
    `From: <${m.from}>\r\nTo: <${alias.address}>\r\nSubject: ${m.subject}\r\nMessage-ID: <${randomBytes(6).toString('hex')}@sender.example>\r\n\r\n${m.text}\r\n`,
  );
  const sealed = t.services.keys.sealUnderMaster(raw);
  const id = await insertInbound(db, {
    raw: sealed.sealed,
    rawKey: sealed.key,
    size: raw.length,
    mailFrom: m.from,
    rcptTo: [alias.address],
    aliasIds: [alias.id],
  });
  expect(await ingestInbound(t.services, id, { maxAttempts: 3, parseTimeoutMs: 10_000, sweepAfterMs: 60_000 })).toBe('stored');
  const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.inboundId, id));
  return row!.id;
}

async function notifyingAlias(c: Client, notify: 'email' | 'push'): Promise<Alias> {
  const alias = await createAlias(c);
  const res = await update(c, alias.id, { notify });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ alias: Alias }>(res).alias;
}

describe('e-mail notifications', () => {
  it('sends one note per run naming the alias and sender domains only, never subject, body or sender (NT1)', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await notifyingAlias(c, 'email');
    expect(alias.notify).toBe('email');
    const quiet = await createAlias(c);
    expect(quiet.notify).toBe('none');

    const boss = `${uniq('boss')}@corp.example`;
    await receive(alias, { from: boss, subject: SECRET_SUBJECT, text: SECRET_TEXT });
    await receive(alias, { from: `${uniq('cfo')}@finance.example`, subject: 'Second', text: 'another secret line' });
    await receive(quiet, { from: boss, subject: 'Not notified', text: 'x' });
    await runNotifications(t.services);

    const mail = await t.capture.waitFor(c.account.email);
    const raw = mail.raw.toString('utf8');
    expect(mail.text).toContain(`2 new messages at ${alias.address} from corp.example, finance.example`);
    expect(mail.text).not.toContain(quiet.address);
    for (const secret of [SECRET_SUBJECT, SECRET_TEXT, 'Second', 'another secret line', boss, 'Not notified'])
      expect(raw).not.toContain(secret);

    // Batched: the two messages made one note, and a run with nothing new sends nothing.
    await runNotifications(t.services);
    expect(t.capture.mailsTo(c.account.email)).toHaveLength(1);

    // Mail that arrives later makes the next note.
    await receive(alias, { from: `x@${uniq('late')}.example`, subject: SECRET_SUBJECT, text: SECRET_TEXT });
    await runNotifications(t.services);
    const second = await t.capture.waitForNth(c.account.email, 2);
    expect(second.text).toContain(`1 new message at ${alias.address} from late`);
    expect(second.raw.toString('utf8')).not.toContain(SECRET_SUBJECT);
  });

  it('names mail stored after a run began even when its stamp is older than that run', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await notifyingAlias(c, 'email');
    await runNotifications(t.services);
    // A batch stamped before the run and committed after it looks like this.
    const id = await receive(alias, { from: `x@${uniq('slow')}.example`, subject: 'Slow', text: 'x' });
    await t.services.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 3600_000) })
      .where(eq(messages.id, id));
    await runNotifications(t.services);
    expect((await t.capture.waitFor(c.account.email)).text).toContain(`1 new message at ${alias.address} from slow`);
  });

  it('leaves out what arrived while notifications were off, and mail trashed before the run', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    await receive(alias, { from: `x@${uniq('before')}.example`, subject: 'Before', text: 'x' });
    expect((await update(c, alias.id, { notify: 'email' })).statusCode).toBe(200);
    const trashed = await receive(alias, { from: `x@${uniq('trashed')}.example`, subject: 'Trashed', text: 'x' });
    await t.services.database.db.update(messages).set({ trashedAt: new Date() }).where(eq(messages.id, trashed));
    await receive(alias, { from: `x@${uniq('after')}.example`, subject: 'After', text: 'x' });
    await runNotifications(t.services);
    const note = await t.capture.waitFor(c.account.email);
    expect(note.text).toContain(`1 new message at ${alias.address} from after`);
    expect(note.text).not.toMatch(/before|trashed/);
  });

  it('is off by default and refuses an unknown channel', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    expect(alias.notify).toBe('none');
    const res = await update(c, alias.id, { notify: 'sms' });
    expect(res.statusCode).toBe(400);
  });
});

describe('Web Push notifications', () => {
  it('publishes the VAPID key, stores subscriptions sealed and pushes an encrypted, content-free note (NT1, NT2)', async () => {
    const c = await signedIn(t.app, t.services);
    const key = json<{ public_key: string }>(await t.app.inject({ method: 'GET', url: '/api/push/key' })).public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    // Made once and kept.
    expect(json<{ public_key: string }>(await t.app.inject({ method: 'GET', url: '/api/push/key' })).public_key).toBe(key);

    const browser = browserOf(pushService.origin, `/push/${uniq('ok')}`);
    const gone = browserOf(pushService.origin, `/push/gone-${uniq('g')}`);
    for (const b of [browser, gone]) {
      const res = await c.call({ method: 'POST', url: c.url('/push'), payload: { subscription: b.subscription } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await listPushSubscriptions(t.services.database.db, c.id);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.sealed.includes(Buffer.from(browser.subscription.endpoint))).toBe(false);

    const alias = await notifyingAlias(c, 'push');
    const boss = `${uniq('boss')}@corp.example`;
    await receive(alias, { from: boss, subject: SECRET_SUBJECT, text: SECRET_TEXT });
    await receive(alias, { from: boss, subject: SECRET_SUBJECT, text: SECRET_TEXT });
    await runNotifications(t.services, PUSH_TO_LOOPBACK);

    const pushes = pushService.received.filter((r) => r.path === browser.path);
    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers['ttl'])).toBeGreaterThan(0);
    // RFC 8292: `vapid t=<ES256 JWT for this push service's origin>, k=<our public key>`.
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers['authorization'] ?? '');
    expect(auth?.[2]).toBe(key);
    const claims = verifyVapidJwt(auth![1]!, key);
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);

    const note = JSON.parse(browser.decrypt(push.body)) as { title: string; body: string };
    expect(note.body).toBe(`2 new messages at ${alias.address} from corp.example`);
    for (const secret of [SECRET_SUBJECT, SECRET_TEXT, boss]) expect(JSON.stringify(note)).not.toContain(secret);

    // The push service answered 410 Gone for the other browser: its subscription is deleted.
    expect(pushService.received.some((r) => r.path === gone.path)).toBe(true);
    const left = await listPushSubscriptions(t.services.database.db, c.id);
    expect(left).toHaveLength(1);

    // Unsubscribing deletes the last one; another account cannot touch it.
    const other = await signedIn(t.app, t.services);
    expect(
      (await other.call({ method: 'POST', url: c.url('/push'), payload: { subscription: browser.subscription } })).statusCode,
    ).toBe(404);
    expect(
      (await c.call({ method: 'DELETE', url: c.url('/push'), payload: { endpoint: browser.subscription.endpoint } })).statusCode,
    ).toBe(200);
    expect(await listPushSubscriptions(t.services.database.db, c.id)).toEqual([]);
  });
});

describe('push endpoints (W20)', () => {
  it('refuses an endpoint that is not on a public address at subscribe time, and caps the browsers of an account', async () => {
    // The api as deployed: the real address policy.
    const real = await buildApp(t.services, { webDist: '/nonexistent' });
    await real.ready();
    try {
      const c = await signedIn(real, t.services);
      for (const origin of [
        pushService.origin,
        'https://[::1]:8443',
        'https://169.254.169.254',
        'https://10.1.2.3',
        'https://localhost',
        'https://[::ffff:127.0.0.1]',
      ]) {
        const res = await c.call({
          method: 'POST',
          url: c.url('/push'),
          payload: { subscription: browserOf(origin, '/p').subscription },
        });
        expect(res.statusCode, origin).toBe(400);
        expect(json(res).msg).toBe(PUSH_MESSAGES.notPublic);
      }
      expect(await listPushSubscriptions(t.services.database.db, c.id)).toEqual([]);
    } finally {
      await real.close();
    }

    const c = await signedIn(t.app, t.services);
    const browsers = Array.from({ length: PUSH_MAX_SUBSCRIPTIONS + 1 }, (_, i) =>
      browserOf(pushService.origin, `/push/${uniq(`cap${i}`)}`),
    );
    const subscribe = (b: (typeof browsers)[number]) =>
      c.call({ method: 'POST', url: c.url('/push'), payload: { subscription: b.subscription } });
    for (const b of browsers.slice(0, -1)) expect((await subscribe(b)).statusCode).toBe(201);
    const over = await subscribe(browsers.at(-1)!);
    expect(over.statusCode).toBe(403);
    expect(json(over)).toMatchObject({ code: 'LIMIT_REACHED', msg: PUSH_MESSAGES.tooMany });
    // A browser already subscribed may renew its subscription.
    expect((await subscribe(browsers[0]!)).statusCode).toBe(201);
    expect(await listPushSubscriptions(t.services.database.db, c.id)).toHaveLength(PUSH_MAX_SUBSCRIPTIONS);
  });

  it('checks the address again when sending: a stored loopback endpoint is never contacted', async () => {
    const connections: Socket[] = [];
    const server = createServer((socket) => connections.push(socket));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const c = await signedIn(t.app, t.services);
      // Subscribed while 127.0.0.1 was allowed (as a row of an earlier release could be).
      const endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/push/${uniq('x')}`;
      const subscription = { ...browserOf(pushService.origin, '/p').subscription, endpoint };
      expect((await c.call({ method: 'POST', url: c.url('/push'), payload: { subscription } })).statusCode).toBe(201);
      const alias = await notifyingAlias(c, 'push');
      await receive(alias, { from: `${uniq('a')}@corp.example`, subject: 's', text: 't' });

      expect(await runNotifications(t.services, { ...PUSH_DEFAULTS, timeoutMs: 1000 })).toBe(0);
      expect(connections).toHaveLength(0);
    } finally {
      for (const s of connections) s.destroy();
      server.close();
    }
  });

  it("an endpoint that accepts and never answers does not delay another account's note", async () => {
    const hanging: Socket[] = [];
    const server = createServer((socket) => hanging.push(socket));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const slow = await signedIn(t.app, t.services);
      const hang = browserOf(`https://127.0.0.1:${(server.address() as AddressInfo).port}`, `/push/${uniq('hang')}`);
      expect(
        (await slow.call({ method: 'POST', url: slow.url('/push'), payload: { subscription: hang.subscription } })).statusCode,
      ).toBe(201);
      const slowAlias = await notifyingAlias(slow, 'push');
      await receive(slowAlias, { from: `${uniq('a')}@corp.example`, subject: 's', text: 't' });

      const other = await signedIn(t.app, t.services);
      const browser = browserOf(pushService.origin, `/push/${uniq('ok')}`);
      expect(
        (await other.call({ method: 'POST', url: other.url('/push'), payload: { subscription: browser.subscription } }))
          .statusCode,
      ).toBe(201);
      const alias = await notifyingAlias(other, 'push');
      await receive(alias, { from: `${uniq('b')}@corp.example`, subject: 's', text: 't' });

      let finished = false;
      const run = runNotifications(t.services, PUSH_TO_LOOPBACK).finally(() => (finished = true));
      // The other account's note arrives while the hanging endpoint still holds its connection.
      await vi.waitFor(() => expect(pushService.received.some((r) => r.path === browser.path)).toBe(true), { timeout: 10_000 });
      expect(hanging.length).toBeGreaterThan(0);
      expect(finished).toBe(false);
      // And the run ends: each request to the hanging endpoint is given up at its deadline.
      expect(await run).toBe(1);
    } finally {
      for (const s of hanging) s.destroy();
      server.close();
    }
  });
});
