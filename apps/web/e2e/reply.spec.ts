// Reply from a message and browser notifications end to end: the built SPA on the one-process app,
// a local SMTP capture server as the outbound relay, a local HTTPS push service stand-in, and
// Debian's Chromium.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- reply
import { listPushSubscriptions } from '@app/db';
import { ADMIN_ACCOUNT_ID } from '@app/shared';
import type { EmbeddedHandle } from '@app/embedded';
import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAliasFromSidebar, signIn, startE2e, type E2e } from './harness';
import {
  LOOPBACK_PUSH,
  newBrowser,
  type PushStandIn,
  type SmtpCapture,
  startPushStandIn,
  startSmtpCapture,
  trustStandIn,
} from '@app/testing';

let e2e: E2e;
let app: EmbeddedHandle;
let relay: SmtpCapture;
let pushService: PushStandIn;
let browser: Browser;

beforeAll(async () => {
  relay = await startSmtpCapture();
  pushService = await startPushStandIn();
  // The app runs in this process: its Web Push requests trust the stand-in's certificate.
  trustStandIn(pushService);
  // The push service stand-in listens on loopback, which the real address policy refuses (W20).
  e2e = await startE2e({ SMTP_RELAY_URL: relay.url, NOTIFY_EVERY_MS: '500' }, { pushPolicy: LOOPBACK_PUSH });
  ({ app, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
  await relay?.close();
  await pushService?.close();
});

async function mailTo(address: string, mail: { from: string; subject: string; text: string; messageId: string }) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({ ...mail, to: address });
  transport.close();
}

describe('reply and notifications in a real browser', () => {
  it('replies from the message screen: the relay gets it from the alias, threaded', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page, app.url);
    const alias = await addAliasFromSidebar(page);
    await mailTo(alias.address, {
      from: 'Pal <pal@friend.example>',
      subject: 'Lunch on Friday?',
      text: 'Are you free?',
      messageId: '<lunch-1@friend.example>',
    });

    await page.locator('.message-row').first().waitFor({ timeout: 60_000 });
    await page.locator('.message-row').first().click();
    await page.getByRole('heading', { name: 'Lunch on Friday?' }).waitFor();
    // The box is laid out by the message screen's own styles, not those of a screen seen before:
    // it spans most of the message, beside its button, inside the message's padding.
    const box = (await page.getByRole('textbox', { name: 'Reply' }).boundingBox())!;
    const card = (await page.locator('article.message').boundingBox())!;
    const send = (await page.getByRole('button', { name: 'Send', exact: true }).boundingBox())!;
    expect(box.width).toBeGreaterThan(card.width * 0.6);
    expect(box.x).toBeGreaterThan(card.x + 8);
    expect(send.x).toBeGreaterThanOrEqual(box.x + box.width);
    await page.getByRole('textbox', { name: 'Reply' }).fill('Yes, at noon.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('flash').filter({ hasText: 'Reply sent.' }).waitFor();

    const mail = await relay.waitFor('pal@friend.example');
    const raw = mail.raw.toString('utf8');
    expect(mail.from).toBe(alias.address);
    expect(mail.subject).toBe('Re: Lunch on Friday?');
    expect(mail.text.trim()).toBe('Yes, at noon.');
    expect(raw).toMatch(/^In-Reply-To: <lunch-1@friend\.example>\r?$/m);
    expect(raw).toMatch(/^References: <lunch-1@friend\.example>\r?$/m);
    expect(raw).toMatch(/^DKIM-Signature: .*d=alias\.localhost/ms);
    const admin = await app.services.database.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.id, ADMIN_ACCOUNT_ID) });
    expect(raw.toLowerCase()).not.toContain(admin!.email.toLowerCase());
  });

  // Headless Chromium has no push service of its own: pushManager.subscribe() fails there, so the
  // switch is driven up to that call (permission, service worker, the server's key), and the
  // subscription the server stores is one for the local push service, posted from the signed-in page.
  it('the Profile switch registers the service worker with the server key; new mail is pushed, content-free', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['notifications'], { origin: app.url });
    const page = await context.newPage();
    const keyRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/push/key')) keyRequests.push(r.url());
    });
    await signIn(page, app.url);
    const alias = await addAliasFromSidebar(page);

    await page.goto(`${app.url}/account/profile`);
    await page.getByRole('heading', { name: 'Browser notifications' }).waitFor();
    await page.getByRole('switch', { name: /Notify this browser of new/ }).click();
    await page.getByTestId('flash').filter({ hasText: 'This browser could not subscribe to notifications.' }).waitFor();
    expect(keyRequests).toHaveLength(1);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/sw.js'))?.active?.scriptURL ?? null),
    ).toBe(`${app.url}/sw.js`);

    const target = newBrowser(pushService.origin, '/push/e2e');
    const stored = await page.evaluate(
      async ({ id, subscription }) =>
        (
          await fetch(`/api/account/${id}/push`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
            body: JSON.stringify({ subscription }),
          })
        ).status,
      { id: ADMIN_ACCOUNT_ID, subscription: target.subscription },
    );
    expect(stored).toBe(201);
    expect(await listPushSubscriptions(app.services.database.db, ADMIN_ACCOUNT_ID)).toHaveLength(1);

    // The alias notifies this browser (Settings → Notifications), then mail arrives.
    await page.goto(`${app.url}/alias/${alias.id}/settings`);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/alias/${alias.id}`));
    await page.getByLabel(/A note when mail arrives/).selectOption('push');
    expect((await saved).status()).toBe(200);
    await mailTo(alias.address, {
      from: 'Boss <boss@corp.example>',
      subject: 'Secret merger plans',
      text: 'Do not tell anyone',
      messageId: '<m-1@corp.example>',
    });

    const end = Date.now() + 60_000;
    while (!pushService.received.some((r) => r.path === '/push/e2e')) {
      if (Date.now() > end) throw new Error('no push reached the push service');
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const push = pushService.received.find((r) => r.path === '/push/e2e')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['authorization']).toMatch(/^vapid t=.+, k=.+$/);
    const note = target.decrypt(push.body);
    expect(JSON.parse(note)).toEqual({ title: 'New mail', body: `1 new message at ${alias.address} from corp.example` });
    for (const secret of ['Secret merger', 'Do not tell', 'boss@']) expect(note).not.toContain(secret);
  });
});
