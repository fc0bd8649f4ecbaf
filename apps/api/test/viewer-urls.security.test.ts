import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, login } from './helpers';
import { type Client, createAlias } from './alias-helpers';
import { mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { createMember, sendMail } from '@app/testing';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('signed viewer URLs are bound to a session and a message (docs/security.md H6, W1)', () => {
  let t: MailRig;
  beforeAll(async () => {
    t = await mailRig();
  });
  afterAll(() => t.close());

  /** A member with a fresh session, an alias and two delivered messages, each with a cid: and a remote image. */
  async function setUp() {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const r: Client = { ...m, id: m.account.id, call: as(t.app, cookie), url: (p = '') => `/api/account/${m.account.id}${p}` };
    const alias = await createAlias(r);
    for (const n of [1, 2]) {
      await sendMail(t.mx.port, {
        from: 'shop@example.com',
        to: alias.address,
        subject: `order ${n}`,
        html: `<p>order ${n}</p><img src="cid:logo@shop"><img src="http://127.0.0.1:9/photo-${n}.png">`,
        attachments: [{ filename: 'logo.png', content: PNG, cid: 'logo@shop', contentType: 'image/png' }],
      });
    }
    const [second, first] = await waitForMessages(r, alias.id, 2);
    const urls = async (messageId: number) => {
      const res = await r.call({ method: 'GET', url: `/viewer/${r.id}/${alias.id}/${messageId}?images=1` });
      expect(res.statusCode).toBe(200);
      const srcs = [...new JSDOM(res.body).window.document.querySelectorAll('img')].map((i) => i.getAttribute('src')!);
      return {
        inline: srcs.find((s) => s.includes('/attachment/'))!,
        proxy: srcs.find((s) => s.startsWith('/api/image-proxy'))!,
      };
    };
    return { r, cookie, first: await urls(first!.id), second: await urls(second!.id), firstId: first!.id, secondId: second!.id };
  }
  // Without a cookie, as the sandboxed viewer page loads them.
  const load = (url: string) => t.app.inject({ method: 'GET', url });

  it('expire within minutes and work for their own message only', async () => {
    const { first, secondId } = await setUp();
    const exp = Number(new URL(first.inline, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(exp * 1000 - Date.now()).toBeGreaterThan(60_000);
    expect((await load(first.inline)).statusCode).toBe(200);
    // Signed and fetched, then refused as a loopback target (403), not as a bad signature (404).
    expect((await load(first.proxy)).statusCode).toBe(403);
    // The same remote URL signature presented for another message opens nothing.
    expect((await load(first.proxy.replace(/([?&]m=)\d+/, `$1${secondId}`))).statusCode).toBe(404);
    // A signature from another session of the same account does not carry over.
    const otherSession = first.inline.replace(/([?&]s=)(\d+)/, (_m, p: string, id: string) => `${p}${Number(id) + 1}`);
    expect((await load(otherSession)).statusCode).toBe(404);
  });

  it('stop working at logout', async () => {
    const { r, first, second } = await setUp();
    expect((await load(first.inline)).statusCode).toBe(200);
    expect((await r.call({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    for (const url of [first.inline, first.proxy, second.inline, second.proxy])
      expect((await load(url)).statusCode, url).toBe(404);
  });
});
