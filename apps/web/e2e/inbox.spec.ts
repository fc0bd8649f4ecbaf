// The "Must show", end to end: the built SPA served by the one-process app (embedded
// PGlite + in-process queue in a fresh DATA_DIR), real SMTP over loopback, Debian's Chromium.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e
//
// Screenshots (inbox and message at 1440 and 375 px) and the measured initial JS sizes are written
// to apps/web/test-results/.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import nodemailer from 'nodemailer';
import type { EmbeddedHandle } from '@app/embedded';
import { addAliasFromSidebar, RESULTS, signIn as signInAs, startE2e, type E2e } from './harness';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

// A 2×2 PNG; the <img> says 200×60 so that no tracker heuristic (docs/security.md H7) can skip it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGO4Y6Sv1n2JoXUmQ07hEQAliwWAxdJkgQAAAABJRU5ErkJggg==',
  'base64',
);

let e2e: E2e;
let app: EmbeddedHandle;
let imageServer: Server;
let imagePort: number;
const imageRequests: string[] = [];
let browser: Browser;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  // The "remote" image host: it must see no request unless the reader asks for images.
  imageServer = createServer((req: IncomingMessage, res) => {
    imageRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length });
    res.end(PNG);
  });
  imagePort = await listen(imageServer);
  e2e = await startE2e();
  ({ app, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
  await new Promise((r) => (imageServer ? imageServer.close(r) : r(undefined)));
});

const signIn = (page: Page) => signInAs(page, app.url);

async function sendMails(address: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: app.smtpPort,
    secure: false,
    ignoreTLS: true,
    tls: { rejectUnauthorized: false },
  });
  await transport.sendMail({
    from: 'Shop News <news@shop.example>',
    to: address,
    subject: 'HTML with a remote image',
    text: 'This message has an HTML part.',
    html: `<!doctype html><html><body style="background:#fdf6e3;margin:0;padding:24px;font-family:Georgia,serif">
      <h1 style="color:#b58900">Summer sale</h1>
      <p>Hello <b>there</b>, our offers are below.</p>
      <img src="http://127.0.0.1:${imagePort}/track.png?u=e2e" width="200" height="60" alt="Remote banner">
      <script>alert('xss from script')</script>
      <img src="x" onerror="alert('xss from onerror')" width="20" height="20">
      <p><a href="https://shop.example/sale">See the sale</a></p>
      <p style="height:600px">Tall content so the frame has to grow.</p>
      <p>End of message.</p>
    </body></html>`,
  });
  await transport.sendMail({
    from: 'A Friend <friend@mail.example>',
    to: address,
    subject: 'Plain text with a link',
    text: 'Hi!\n\nThe notes are at https://example.com/docs/notes?id=7 — see you soon.\n',
  });
  transport.close();
}

/** gzipped sizes of the JS a fresh page load fetches. */
async function initialJs(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && !res.url().endsWith('.js')) return;
    try {
      scripts.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      /* a redirect or an aborted load has no body */
    }
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  const files = [...scripts.entries()].map(([u, gz]) => ({ file: new URL(u).pathname, gzip: gz }));
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
}

describe('the alias inbox in a real browser', () => {
  it('signs in, receives mail over SMTP, reads it safely, marks, trashes and signs out', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      // Any browser dialog would be the mail's script running, which must never happen.
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Every API call of the flow must succeed (the image proxy may refuse this test's loopback host).
    const apiErrors: string[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/') && !u.pathname.startsWith('/api/image-proxy') && r.status() >= 400) {
        apiErrors.push(`${r.status()} ${r.request().method()} ${u.pathname}`);
      }
    });
    const remoteHost = `127.0.0.1:${imagePort}`;
    const directRemote: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(remoteHost)) directRemote.push(r.url());
    });

    // Sign in as the admin.
    await signIn(page);
    await expect(page.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);

    // The cookie notice: dismissed and remembered for 365 days.
    await page.getByRole('button', { name: 'Got it' }).click();
    const notice = (await context.cookies()).find((c) => c.name === 'cookie_notice');
    expect(notice?.value).toBe('dismissed');
    expect(notice!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    // Create an alias from the sidebar: it opens straight away.
    const sidebar = page.getByRole('complementary', { name: 'Your aliases' });
    const { id: aliasId, address } = await addAliasFromSidebar(page);
    expect(address).toMatch(/@alias\.localhost$/);
    await expect(page.getByText('No Messages', { exact: true }).first().isVisible()).resolves.toBe(true);

    // Two mails over SMTP.
    await sendMails(address);

    // The sidebar shows the alias with 2 unread: live (SSE) first, the 60 s poll as the fallback.
    const count = sidebar.locator(`[data-alias-id="${aliasId}"] [data-testid="unread-count"]`);
    await count.filter({ hasText: /^2$/ }).waitFor({ timeout: 75_000 });

    // The inbox lists both, unread, newest first.
    const rows = page.locator('.message-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await page.locator('.message-row .badge-new').count()).toBe(2);
    // Each row previews its text on one line, whitespace collapsed (docs/product.md §3 Message).
    expect(await page.locator('.message-row .message-snippet').allTextContents()).toEqual([
      'Hi! The notes are at https://example.com/docs/notes?id=7 — see you soon.',
      'This message has an HTML part.',
    ]);
    expect(
      await page
        .locator('.message-snippet')
        .first()
        .evaluate((el) => getComputedStyle(el).whiteSpace),
    ).toBe('nowrap');
    await page.screenshot({ path: join(RESULTS, 'inbox-1440.png'), fullPage: true });

    // Open the HTML message: it loads in the sandboxed viewer frame.
    await page.getByRole('link', { name: /HTML with a remote image/ }).click();
    await page.waitForURL(new RegExp(`/alias/${aliasId}/message/\\d+$`));
    const frameEl = page.getByTestId('message-frame');
    await frameEl.waitFor();
    const sandbox = (await frameEl.getAttribute('sandbox'))!.split(/\s+/).sort();
    expect(sandbox).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin']);
    const frame = page.frameLocator('[data-testid="message-frame"]');
    await frame.getByText('Summer sale').waitFor();
    // Let the 500 ms measurement run a few times, then check what the frame did.
    await page.waitForTimeout(1500);
    // The viewer's document is same-origin (no scripts), so the page fits the frame to the message
    // and follows its background (docs/product.md §2).
    const frameState = await frameEl.evaluate((el) => {
      const frame = el as HTMLIFrameElement;
      return {
        readable: Boolean(frame.contentDocument?.body),
        height: frame.getBoundingClientRect().height,
        background: getComputedStyle(frame).backgroundColor,
      };
    });
    const content = await frame
      .locator('body')
      .evaluate((b) => ({ height: b.scrollHeight, background: getComputedStyle(b).backgroundColor }));
    expect(frameState.readable).toBe(true);
    expect(frameState.height).toBeGreaterThanOrEqual(content.height);
    expect(frameState.background).toBe(content.background);
    expect(dialogs).toEqual([]);
    expect(imageRequests).toEqual([]);
    expect(directRemote).toEqual([]);
    expect(await frame.locator('script').count()).toBe(0);
    expect(await frame.locator('[onerror]').count()).toBe(0);
    // Before the opt-in the remote image is neither requested nor pointed at.
    const imgSrcs = () => frame.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    expect((await imgSrcs()).filter((src) => src.includes(`127.0.0.1:${imagePort}`) || src.includes('image-proxy'))).toEqual([]);
    // docs/security.md H11: the real address next to the name.
    expect(await page.getByTestId('sender-address').textContent()).toContain('news@shop.example');
    await page.screenshot({ path: join(RESULTS, 'message-1440.png'), fullPage: true });

    // Only now may remote images load, and then only through the app (never straight from the page).
    await page.getByRole('button', { name: 'Load remote images' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="message-frame"]')?.getAttribute('src')?.endsWith('?images=1'),
    );
    await frame.getByText('Summer sale').waitFor();
    await page.waitForTimeout(1500);
    expect(dialogs).toEqual([]);
    expect(directRemote).toEqual([]);
    // After the opt-in the image goes through the app's proxy (which hides the reader; docs/security.md H6
    // also makes it refuse loopback hosts such as this test's, so the count may stay 0).
    expect(
      (await imgSrcs()).some(
        (src) => src.startsWith('/api/image-proxy') && src.includes(encodeURIComponent(`127.0.0.1:${imagePort}`)),
      ),
    ).toBe(true);
    const imagesAfterOptIn = imageRequests.length;

    // Back to the inbox: mark both unread in bulk.
    await page.getByRole('toolbar', { name: 'Message actions' }).getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL(new RegExp(`/alias/${aliasId}/inbox$`));
    await rows.nth(1).waitFor();
    expect(await page.locator('.message-row .badge-new').count()).toBe(1);
    await page.getByLabel('Select all messages').check();
    const marked = page.waitForResponse((r) => r.url().endsWith('/mark_messages') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Mark unread' }).click();
    expect((await marked).status()).toBe(200);
    await page.locator('.message-row .badge-new').nth(1).waitFor();
    expect(await page.locator('.message-row .badge-new').count()).toBe(2);
    await count.filter({ hasText: /^2$/ }).waitFor();

    // Phone-sized screenshots of the same two screens.
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    // On a phone the snippet is its own line under the subject.
    const [subjectBox, snippetBox] = await Promise.all(
      ['.message-subject', '.message-snippet'].map((sel) => page.locator(`.message-row ${sel}`).first().boundingBox()),
    );
    expect(snippetBox!.height).toBeGreaterThan(0);
    expect(snippetBox!.y).toBeGreaterThanOrEqual(subjectBox!.y + subjectBox!.height - 1);
    await page.screenshot({ path: join(RESULTS, 'inbox-375.png'), fullPage: true });
    await page.getByRole('link', { name: /HTML with a remote image/ }).click();
    await frame.getByText('Summer sale').waitFor();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: join(RESULTS, 'message-375.png'), fullPage: true });
    // The sidebar is a drawer on phones: it opens, and closes again after a navigation.
    await page.getByRole('button', { name: 'Aliases' }).click();
    await sidebar.getByText(address).waitFor();
    await page.waitForTimeout(400); // the drawer's slide-in
    await page.screenshot({ path: join(RESULTS, 'sidebar-375.png') });
    await sidebar.locator(`[data-alias-id="${aliasId}"]`).click();
    await page.waitForURL(new RegExp(`/alias/${aliasId}/inbox$`));
    await page.waitForFunction(() => !document.querySelector('.app.sidebar-open'), undefined, { timeout: 5000 });
    await page.setViewportSize(DESKTOP);

    // Trash one: the plain-text message, from its own screen; its link opens a new tab safely.
    await page.getByRole('link', { name: /Plain text with a link/ }).click();
    const link = page.getByTestId('message-text').getByRole('link', { name: 'https://example.com/docs/notes?id=7' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await page.getByRole('button', { name: 'Trash' }).click();
    await page.waitForURL(new RegExp(`/alias/${aliasId}/inbox$`));
    await page.waitForFunction(() => document.querySelectorAll('.message-row').length === 1);
    expect(await page.locator('.message-row').first().textContent()).toContain('HTML with a remote image');

    // Log out, then the feed needs a sign-in again.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.goto(`${app.url}/account/feed`);
    await page.waitForURL(/\/auth\/login$/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    expect(dialogs).toEqual([]);
    expect(directRemote).toEqual([]);
    expect(apiErrors).toEqual([]);
    writeFileSync(
      join(RESULTS, 'remote-images.json'),
      JSON.stringify(
        { beforeOptIn: 0, afterOptIn: imagesAfterOptIn, requests: imageRequests, frame: frameState, content },
        null,
        2,
      ),
    );
    await context.close();
  });

  it('measures the initial JavaScript of the login and inbox routes (docs/architecture.md §7)', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const login = await initialJs(context, `${app.url}/auth/login`, async (p) => {
      await p.getByRole('heading', { name: 'Sign in' }).waitFor();
    });
    const page = await context.newPage();
    await signIn(page);
    const aliasLink = page.locator('.alias-link[data-alias-id]').first();
    await aliasLink.waitFor();
    const inboxUrl = new URL((await aliasLink.getAttribute('href'))!, app.url).href;
    await page.close();
    const inbox = await initialJs(context, inboxUrl, async (p) => {
      await p.locator('.inbox').waitFor();
      await p.locator('.alias-link[data-alias-id]').first().waitFor();
    });
    await context.close();
    const report = { goalBytes: 120 * 1024, login, inbox };
    writeFileSync(join(RESULTS, 'bundle-sizes.json'), JSON.stringify(report, null, 2));
    console.log(`initial JS gzipped: /auth/login ${login.gzip} B, alias inbox ${inbox.gzip} B (goal < ${120 * 1024} B)`);
    // docs/architecture.md §7 measures the goal (< 120 KB) in the benchmarks, outside pass/fail. Here: a guard
    // against regressions such as zod (the schemas chunk) slipping into the first load.
    for (const r of [login, inbox]) {
      expect(r.files.filter((f) => /\/(schemas|zod)[-.]/.test(f.file))).toEqual([]);
      // The goal itself: this release's inbox features (copy, codes, spam marks, unsubscribe, search help)
      // took the inbox to about 116 KiB, inside it; zod stays out (above).
      expect(r.gzip).toBeLessThan(120 * 1024);
    }
  });
});
