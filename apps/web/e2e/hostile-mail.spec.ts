// Hostile markup removes only itself: a mail interleaving every XSS vector of
// the sanitiser's table with ordinary paragraphs, tables and links, delivered over SMTP and read in
// the viewer frame of Debian's Chromium. Nothing may run or load; everything ordinary must show.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- hostile-mail
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { interleavedHostileMail } from '@app/mail/testing';
import { addAliasFromSidebar, RESULTS, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;
// The "remote" origin every vector points at: it must never see a request.
let remote: Server;
let remoteUrl: string;
const remoteRequests: string[] = [];

beforeAll(async () => {
  remote = createServer((req, res) => {
    remoteRequests.push(`${req.method} ${req.url}`);
    res.end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
  await new Promise((r) => (remote ? remote.close(r) : r(undefined)));
});

describe('a hostile HTML mail in the viewer', () => {
  it('runs and loads nothing, and shows every ordinary paragraph, table cell and link', async () => {
    const { app, browser } = e2e;
    const mail = interleavedHostileMail(remoteUrl);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const remoteHost = new URL(remoteUrl).host;
    const directRemote: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(remoteHost)) directRemote.push(r.url());
    });

    await signIn(page, app.url);
    const { address } = await addAliasFromSidebar(page);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'Mallory <mallory@evil.example>',
      to: address,
      subject: 'Interleaved vectors',
      text: 'This message has an HTML part.',
      html: mail.html,
    });
    transport.close();

    // Live update first, the inbox's poll as the fallback.
    const row = page.getByRole('link', { name: /Interleaved vectors/ });
    await row.waitFor({ timeout: 75_000 });
    await row.click();
    const frameEl = page.getByTestId('message-frame');
    await frameEl.waitFor();
    const frame = page.frameLocator('[data-testid="message-frame"]');
    await frame.getByRole('heading', { name: 'Hostile and ordinary' }).waitFor();

    // Every ordinary part is there and visible (the frame grows to the message, so each is on the page).
    for (const text of [...mail.paragraphs, ...mail.cells]) {
      await expect(frame.getByText(text, { exact: true }).isVisible(), text).resolves.toBe(true);
    }
    for (const link of mail.links) {
      const a = frame.getByRole('link', { name: link.text, exact: true });
      await expect(a.isVisible(), link.text).resolves.toBe(true);
      expect(await a.getAttribute('href')).toBe(link.href);
    }
    await page.screenshot({ path: join(RESULTS, 'hostile-mail.png'), fullPage: true });

    // Nothing active: no script element, no handler attribute, nothing that embeds, submits,
    // navigates or re-bases, and no link with a script or data URL.
    const active = await frame.locator('html').evaluate((html) => {
      const found: string[] = [];
      for (const el of html.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        if (
          [
            'script',
            'iframe',
            'frame',
            'object',
            'embed',
            'form',
            'base',
            'meta',
            'link',
            'svg',
            'math',
            'noscript',
            'template',
          ].includes(tag)
        )
          found.push(tag);
        for (const attr of el.attributes) {
          if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
          if (/^\s*(?:javascript|vbscript|data):/i.test(attr.value))
            found.push(`${tag}[${attr.name}=${attr.value.slice(0, 20)}]`);
        }
      }
      return found;
    });
    expect(active).toEqual([]);
    // Hover and click where handlers were, then let any timer or refresh fire.
    await frame.getByText('hover', { exact: true }).hover();
    await frame.getByText('hover', { exact: true }).click();
    await page.waitForTimeout(1500);
    expect(dialogs).toEqual([]);
    expect(page.url()).toMatch(/\/alias\/\d+\/message\/\d+$/);

    // Nothing remote: the page asked nothing of the remote origin, and the origin saw nothing.
    expect(directRemote).toEqual([]);
    expect(remoteRequests).toEqual([]);
  });
});
