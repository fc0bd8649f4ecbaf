import { sessions } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../src/index';
import { SESSION_MAX_AGE_MS } from '../src/routes/sign-in/sessions';
import { MAX_STREAMS_PER_ACCOUNT } from '../src/routes/events/streams';
import type { Services } from '@app/runtime';
import { createMember, type Member, testServices } from '@app/testing';

const WRITE = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

describe('sessions end for good (docs/security.md W1)', () => {
  let services: Services;
  let api: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    services = await testServices();
    api = await startApi(services, { port: 0, webDist: '/nonexistent' });
  });
  afterAll(async () => {
    await api.close();
    await services.close();
  });

  const signIn = async (m: Member) => {
    const res = await fetch(`${api.url}/api/login`, {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ handle: m.handle, password: m.password }),
    });
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };
  /** Opens the live stream and waits for its first bytes, so its subscription exists. */
  const openStream = async (m: Member, cookie: string) => {
    const res = await fetch(`${api.url}/api/account/${m.account.id}/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    return reader;
  };
  /** Reads until the server ends the stream; fails the test (by vitest's timeout) if it never does. */
  const untilEnd = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
    for (;;) if ((await reader.read()).done) return true;
  };

  it('a session ends 12 hours after sign-in however busy it was', async () => {
    const m = await createMember(services);
    const cookie = await signIn(m);
    expect((await fetch(`${api.url}/api/authenticate`, { headers: { cookie } })).status).toBe(200);
    // Signed in 12 hours ago, active a minute ago (sliding expiry still ahead).
    await services.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS - 1000), expiresAt: new Date(Date.now() + 14 * 60_000) })
      .where(eq(sessions.accountId, m.account.id));
    expect((await fetch(`${api.url}/api/authenticate`, { headers: { cookie } })).status).toBe(401);
  });

  it('the live stream ends at logout', async () => {
    const m = await createMember(services);
    const cookie = await signIn(m);
    const reader = await openStream(m, cookie);
    const out = await fetch(`${api.url}/api/logout`, { method: 'POST', headers: { ...WRITE, cookie } });
    expect(out.status).toBe(200);
    expect(await untilEnd(reader)).toBe(true);
  });

  it("another device's logout leaves this device's stream open; a suspension ends it", async () => {
    const m = await createMember(services);
    const [here, there] = [await signIn(m), await signIn(m)];
    const reader = await openStream(m, here);
    await fetch(`${api.url}/api/logout`, { method: 'POST', headers: { ...WRITE, cookie: there } });
    // Still open: an event published after the other logout arrives.
    await services.events.publish(m.account.id, { type: 'alias', aliasId: 4242 });
    let text = '';
    while (!text.includes('4242')) text += new TextDecoder().decode((await reader.read()).value);
    const admin = await signIn({ handle: 'admin', password: 'admin-password-1' } as Member);
    const res = await fetch(`${api.url}/api/admin/users/${m.account.id}/suspend`, {
      method: 'POST',
      headers: { ...WRITE, cookie: admin },
    });
    expect(res.status).toBe(200);
    expect(await untilEnd(reader)).toBe(true);
  });

  it(`caps the open streams of an account at ${MAX_STREAMS_PER_ACCOUNT}`, async () => {
    const m = await createMember(services);
    const cookie = await signIn(m);
    const readers = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) readers.push(await openStream(m, cookie));
    const over = await fetch(`${api.url}/api/account/${m.account.id}/events`, { headers: { cookie } });
    expect(over.status).toBe(429);
    await readers.pop()!.cancel();
    // A closed stream frees its place (the server sees the close shortly after).
    let again = 429;
    for (let i = 0; i < 50 && again === 429; i++) {
      const r = await fetch(`${api.url}/api/account/${m.account.id}/events`, { headers: { cookie } });
      again = r.status;
      if (r.status === 200) readers.push(r.body!.getReader());
      else await new Promise((done) => setTimeout(done, 50));
    }
    expect(again).toBe(200);
    for (const r of readers) await r.cancel();
  });
});
