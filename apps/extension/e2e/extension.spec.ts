// The extension end to end (docs/extension.md): the built Chromium extension loaded into Debian's
// Chromium (a persistent profile, --load-extension), the one-process server on a fresh DATA_DIR
// (or its own Postgres database when DATABASE_URL is set), a sign-up page served on loopback under
// a real-looking host name, and real SMTP.
//
//   pnpm --filter @app/extension build && pnpm --filter @app/extension test:e2e
//
// Screenshots of the in-page button and the popup, at 1x and 2x, go to apps/extension/test-results/.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '@app/db/testing';
import { startEmbedded, type EmbeddedHandle } from '@app/embedded';
import { ADMIN_ACCOUNT_ID, EXTENSION_CONNECT, EXTENSION_CONNECTED } from '@app/shared';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXTENSION = join(ROOT, 'dist', 'chrome-mv3');
const WEB_DIST = join(ROOT, '..', 'web', 'dist');
const RESULTS = join(ROOT, 'test-results');
const ADMIN_PASSWORD = 'e2e-Admin-Passw0rd';
/** The sign-up page's host: Chromium resolves it to the loopback page server. */
const SITE = 'www.shop.example';

// A sign-up form whose script, like a framework's, keeps its own state from input events.
const SIGNUP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop: sign up</title>
<style>body{font:16px system-ui;margin:40px}form{display:grid;gap:12px;max-width:360px}
input{font:inherit;padding:10px;border:1px solid #999;border-radius:6px}</style></head><body>
<h1>Create your Shop account</h1>
<form id="signup"><label>Name <input name="name" autocomplete="name"></label>
<label>E-mail <input id="email" type="email" name="email" autocomplete="email"></label>
<label>Password <input type="password" name="password"></label><button>Sign up</button></form>
<output id="state"></output>
<script>document.getElementById('email').addEventListener('input', (e) => {
  document.getElementById('state').textContent = 'typed:' + e.target.value; });</script>
</body></html>`;

let app: EmbeddedHandle;
let database: ScratchDatabase | null = null;
let dataDir: string;
let profileDir: string;
let site: Server;
let sitePort: number;
let context: BrowserContext;
let extensionId: string;
let token: string;
let revoke: () => Promise<void>;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A write-scoped API token for the admin, made as the web app's Profile screen does. */
async function mintToken(): Promise<{ token: string; revoke: () => Promise<void> }> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };
  const login = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ handle: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const tokens = `${app.url}/api/account/${ADMIN_ACCOUNT_ID}/tokens`;
  const res = await fetch(tokens, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ label: 'browser extension', scope: 'write' }),
  });
  expect(res.status).toBe(201);
  const { token, api_token } = (await res.json()) as { token: string; api_token: { id: number } };
  return {
    token,
    async revoke() {
      const gone = await fetch(`${tokens}/${api_token.id}`, { method: 'DELETE', headers: { ...headers, cookie } });
      expect(gone.status).toBe(200);
    },
  };
}

/**
 * Screenshots of the top-left `width`×`height` of a page at 1x and 2x, in light and (for the
 * extension's own pages) dark. The persistent context has one device pixel ratio for all its pages,
 * so these renderings go through DevTools directly.
 */
async function shoot(page: Page, name: string, width: number, height: number, schemes: ('light' | 'dark')[] = ['light']) {
  const cdp = await context.newCDPSession(page);
  const viewport = page.viewportSize()!;
  for (const scheme of schemes) {
    await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
    for (const deviceScaleFactor of [1, 2]) {
      await cdp.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor, mobile: false });
      const clip = { x: 0, y: 0, width, height, scale: 1 };
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', clip });
      const suffix = scheme === 'light' ? '' : `-${scheme}`;
      writeFileSync(join(RESULTS, `${name}${suffix}@${deviceScaleFactor}x.png`), Buffer.from(data, 'base64'));
    }
  }
  await cdp.send('Emulation.setEmulatedMedia', { features: [] });
  await cdp.send('Emulation.clearDeviceMetricsOverride');
  await cdp.detach();
}

beforeAll(async () => {
  if (!existsSync(join(EXTENSION, 'manifest.json'))) {
    throw new Error('apps/extension/dist/chrome-mv3 is missing: run `pnpm --filter @app/extension build` first');
  }
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing (the connect test uses the web app): run `pnpm --filter @app/web build` first');
  }
  mkdirSync(RESULTS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'alias-ext-'));
  profileDir = mkdtempSync(join(tmpdir(), 'alias-ext-profile-'));
  database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'alias_ext') : null;
  app = await startEmbedded(
    {
      ...(database
        ? {
            DATABASE_URL: database.url,
            MASTER_KEY: randomBytes(32).toString('base64'),
            ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
          }
        : {}),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '0',
      IMAP_PORT: '0',
      POP3_PORT: '0',
      MAIL_DOMAIN: 'alias.localhost',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    { queuePrefix: `ext-${randomBytes(6).toString('hex')}` },
  );
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(SIGNUP_PAGE);
  });
  sitePort = await listen(site);
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 900, height: 640 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--disable-extensions-except=${EXTENSION}`,
      `--load-extension=${EXTENSION}`,
      `--host-resolver-rules=MAP ${SITE} 127.0.0.1`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
});

afterAll(async () => {
  await context?.close();
  await new Promise((r) => (site ? site.close(r) : r(undefined)));
  await app?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

describe('the browser extension in Chromium', () => {
  it('signs in, fills a sign-up form with a new alias, and shows its verification code in the popup', async () => {
    ({ token, revoke } = await mintToken());

    // Sign in on the options page: the server's address and the token.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.getByLabel('Server').fill(app.url);
    await options.getByLabel('API token').fill(token);
    await shoot(options, 'options', 900, 420, ['light', 'dark']);
    await options.getByRole('button', { name: 'Sign in' }).click();
    await options.getByText('Signed in to').waitFor();
    await options.close();

    // The sign-up page: focusing its e-mail field shows the button at the field's right edge.
    const page = await context.newPage();
    const fromPage: string[] = [];
    page.on('request', (r) => fromPage.push(r.url()));
    await page.goto(`http://${SITE}:${sitePort}/signup`);
    const email = page.locator('#email');
    await page.locator('input[name="name"]').focus();
    expect(await page.locator('[data-alias-mail]').count()).toBe(0);
    await email.click();
    const button = page.locator('[data-alias-mail]');
    await button.waitFor();
    const box = (await button.boundingBox())!;
    const field = (await email.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(field.x + field.width);
    expect(box.y).toBeGreaterThanOrEqual(field.y);
    await shoot(page, 'in-page-button', 480, 300);
    // Focus going elsewhere takes the button away; coming back brings it at the same place.
    await page.mouse.click(800, 600);
    await expect.poll(() => button.count()).toBe(0);
    await email.click();
    await button.waitFor();
    expect(await button.boundingBox()).toEqual(box);

    // A real click (the page's own synthetic clicks are ignored) makes the alias and fills the field.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => email.inputValue()).toMatch(/@alias\.localhost$/);
    const address = await email.inputValue();
    expect(await page.locator('#state').textContent()).toBe(`typed:${address}`);
    // The server was called by the background worker, never by the page (or its content script),
    // and nothing of the token reached the page.
    expect(fromPage.filter((url) => url.startsWith(app.url))).toEqual([]);
    expect(await page.content()).not.toContain(token);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie)).not.toContain(token);
    // The server kept the site the alias was made for.
    const listed = await fetch(`${app.url}/api/account/${ADMIN_ACCOUNT_ID}/aliases`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const made = ((await listed.json()) as { aliases: { address: string; origin: string | null }[] }).aliases.find(
      (a) => a.address === address,
    );
    expect(made?.origin).toBe('shop.example');

    // The site's confirmation mail, over SMTP to the new alias.
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'Shop <hello@shop.example>',
      to: address,
      subject: 'Confirm your e-mail address',
      text: [
        'Welcome to Shop!',
        '',
        'Your verification code is 482913. It expires in 10 minutes.',
        '',
        'Or confirm your e-mail address with this link:',
        'https://www.shop.example/confirm?token=Zk3q9Xp2',
        '',
        'Order questions? Call +1 555 0100.',
      ].join('\n'),
    });

    // The popup, opened as a page of its own, is about the web page used last: the sign-up page.
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 360, height: 420 });
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByText(`Aliases for ${SITE}`).waitFor();
    const item = popup.locator(`li[data-alias="${address}"]`);
    await expect
      .poll(
        async () => {
          if (await item.getByLabel('Verification code').count()) return true;
          await popup.reload();
          await popup.getByText(`Aliases for ${SITE}`).waitFor();
          return false;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    expect(await item.getByLabel('Verification code').textContent()).toBe('482913');
    expect(await item.getByRole('link', { name: 'Confirm' }).getAttribute('href')).toBe(
      'https://www.shop.example/confirm?token=Zk3q9Xp2',
    );
    await item.getByRole('button', { name: 'Copy code' }).waitFor();
    const height = await popup.evaluate(() => document.body.scrollHeight);
    await shoot(popup, 'popup', 360, height, ['light', 'dark']);
  });

  it('says so when the token was revoked, and offers to sign in again', async () => {
    await revoke();
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('alert').filter({ hasText: 'The API token was refused' }).waitFor();
    const again = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Sign in again' }).click();
    expect((await again).url()).toBe(`chrome-extension://${extensionId}/options.html`);
  });

  it('connects through the web app, which hands over a fresh token; another site cannot', async () => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await options.getByRole('button', { name: 'Sign out' }).click();
    await options.getByLabel('Server').fill(app.url);
    const opened = context.waitForEvent('page');
    await options.getByRole('button', { name: 'Connect through the web app' }).click();
    const web = await opened;

    // While the connection is open, a token posted on another site's page is refused.
    const shop = context.pages().find((p) => p.url().startsWith(`http://${SITE}`))!;
    const refused = await shop.evaluate(
      ([connect, connected]) =>
        new Promise<{ ok: boolean }>((resolve) => {
          window.addEventListener('message', (e) => e.data?.type === connected && resolve(e.data));
          window.postMessage({ type: connect, token: 'amt_attacker' }, location.origin);
        }),
      [EXTENSION_CONNECT, EXTENSION_CONNECTED] as const,
    );
    expect(refused.ok).toBe(false);

    // The web app asks to sign in first, then comes back to the Profile.
    await web.getByLabel('Username').fill('admin');
    await web.getByLabel('Password').fill(ADMIN_PASSWORD);
    await web.getByRole('button', { name: 'Sign in', exact: true }).click();
    await web.waitForURL(/\/account\/profile/);
    const section = web.getByRole('region', { name: 'API tokens' });
    await section.getByRole('button', { name: 'Connect the browser extension' }).click();
    await web.getByTestId('flash').filter({ hasText: 'The browser extension is connected.' }).waitFor();
    expect(await section.getByLabel('New API token').count()).toBe(0);
    await options.getByText(`Signed in to ${app.url}`).waitFor();
    await web.getByRole('button', { name: 'Got it' }).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await web.emulateMedia({ colorScheme });
      for (const width of [1440, 375]) {
        await web.setViewportSize({ width, height: 900 });
        await section.screenshot({ path: join(RESULTS, `web-connect-${width}-${colorScheme}.png`) });
      }
    }

    // The extension works with the token it was handed: back on the shop's page, its popup lists the shop's alias.
    await shop.bringToFront();
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.locator('li[data-alias]').first().waitFor();
  });
});
