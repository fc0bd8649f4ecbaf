// The message screen of a newsletter and the trash that forgives, as a reader with data shredding
// sees them: no paperclip for the images the HTML shows, a tracker link that goes straight to its
// destination (the link as sent one click away), sender checks on demand, the alias log in words,
// Undo after trashing, and "Shred now" behind an in-app dialog that says what will happen.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- message-screen
//
// Screenshots at 375 and 1440 px, light and dark, go to apps/web/test-results/message-screen/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { EmbeddedHandle } from '@app/embedded';
import { RESULTS, answerConfirm, signIn, startE2e, type E2e } from './harness';
import { createMember } from '@app/testing';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = join(RESULTS, 'message-screen');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const TRACKED = 'https://click.news.example/t?id=42&url=https%3A%2F%2Fshop.example%2Fsale';

let e2e: E2e;
let app: EmbeddedHandle;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  e2e = await startE2e();
  ({ app, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
});

/** Four screenshots of what is on display: 1440 and 375 px, light and dark; none may scroll sideways. */
async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1))
        .toBe(true);
      await page.screenshot({ path: join(SHOTS, `${name}-${size.width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(DESKTOP);
}

async function sendNewsletter(to: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: 'Shop News <news@shop.example>',
    to,
    subject: 'Spring sale',
    text: 'Spring sale: https://shop.example/sale',
    html: `<p><img src="cid:logo@news" alt="Shop logo"></p><p><a href="${TRACKED}">See the sale</a></p>`,
    attachments: [
      { filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@news' },
      { filename: 'terms.pdf', content: Buffer.from('%PDF-1.4\n'), contentType: 'application/pdf' },
    ],
  });
  transport.close();
}

describe('the message screen and the trash that forgives', () => {
  it('a newsletter: one attachment, a tracker link skipped, checks on demand; trash with Undo, then Shred now', async () => {
    const member = await createMember(app.services, { packageId: 2 });
    const ctx = await browser.newContext({ viewport: DESKTOP });
    const page = await ctx.newPage();
    const native: string[] = [];
    page.on('dialog', (d) => {
      native.push(d.message());
      void d.dismiss();
    });
    await signIn(page, app.url, member.handle, member.password);
    const alias = await page.evaluate(async (id) => {
      const res = await fetch(`/api/account/${id}/alias`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: '{}',
      });
      return ((await res.json()) as { alias: { id: number; address: string } }).alias;
    }, member.account.id);
    await sendNewsletter(alias.address);

    // The list: the paperclip counts the PDF only, not the logo the HTML shows.
    await page.goto(`${app.url}/alias/${alias.id}/inbox`);
    const row = page.locator('.inbox .message-row', { hasText: 'Spring sale' });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.locator('.attach-icon').getAttribute('title')).toBe('1 attachment(s)');

    // The message: one attachment listed, the logo shown inside the HTML.
    await row.getByRole('link', { name: /Spring sale/ }).click();
    const attachments = page.getByRole('region', { name: /1 attachment/ });
    await attachments.waitFor();
    expect(await attachments.getByRole('link').allTextContents()).toEqual([expect.stringContaining('terms.pdf')]);
    const frame = page.frameLocator('[data-testid="message-frame"]');
    await expect.poll(() => frame.getByRole('img', { name: 'Shop logo' }).getAttribute('src')).toMatch(/\/attachment\//);

    // The tracker link opens the sale directly; the link as sent is in the tracker list.
    const sale = frame.getByRole('link', { name: 'See the sale' });
    expect(await sale.getAttribute('href')).toBe('https://shop.example/sale');
    expect(await sale.getAttribute('title')).toContain('click.news.example');
    await page.getByTestId('tracker-report').locator('summary').click();
    const original = page.getByRole('link', { name: 'the original link, through the tracker', exact: true });
    expect(await original.getAttribute('href')).toBe(TRACKED);

    // Sender checks: none failed here, so they wait behind Details.
    const checks = page.locator('.auth-results');
    expect(await checks.locator('.chip').count()).toBe(0);
    await shots(page, 'message');
    await checks.getByRole('button', { name: 'No check failed · Details', exact: true }).click();
    expect(await checks.locator('.chip').allTextContents()).toEqual([
      expect.stringMatching(/^SPF: /),
      expect.stringMatching(/^DKIM: /),
      expect.stringMatching(/^DMARC: /),
      expect.stringMatching(/^ARC: /),
    ]);
    await shots(page, 'message-checks');

    // Trash: the flash says when it is shredded and offers Undo, which brings it back.
    const toolbar = page.getByRole('toolbar', { name: 'Message actions' });
    await toolbar.getByRole('button', { name: 'Trash', exact: true }).click();
    await page.waitForURL(`${app.url}/alias/${alias.id}/inbox`);
    const flash = page.getByTestId('flash').filter({ hasText: 'Message moved to the trash. It is shredded in 10 minutes.' });
    await flash.waitFor();
    await shots(page, 'trash-undo');
    await flash.getByRole('button', { name: 'Undo', exact: true }).click();
    await row.waitFor();

    // Trashed again, the Trash tab shows it until the grace ends; Shred now asks in the page first.
    await page.getByLabel('Select message: Spring sale').check();
    await page.getByRole('toolbar', { name: 'Selected messages' }).getByRole('button', { name: 'Trash', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page.locator('.tabs').getByRole('link', { name: 'Trash', exact: true }).click();
    await page.getByLabel('Select message: Spring sale').waitFor();
    await page.getByText(/shreds trashed messages 10 minutes after they are trashed/).waitFor();
    await shots(page, 'trash-tab');
    await page.getByRole('button', { name: 'Shred now', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Shred the trash now?', exact: true }).waitFor();
    await shots(page, 'shred-dialog');
    // Cancel changes nothing; the dialog's own button shreds.
    await answerConfirm(page, 'Shred the trash now?', null);
    await page.getByLabel('Select message: Spring sale').waitFor();
    await page.getByRole('button', { name: 'Shred now', exact: true }).click();
    expect(await answerConfirm(page, 'Shred the trash now?', 'Shred now')).toContain('cannot be restored');
    await page.getByText('The trash is empty.').waitFor();

    // The alias log says all of it in words, dates on one line even on a phone.
    await page.locator('.tabs').getByRole('link', { name: 'Log', exact: true }).click();
    const log = page.getByRole('region', { name: 'Log' });
    await log.getByText('1 message shredded from the trash', { exact: true }).waitFor();
    for (const text of ['Mail delivered', '1 message moved to the trash', '1 message restored from the trash'])
      await log.getByText(text, { exact: true }).first().waitFor();
    await shots(page, 'alias-log');
    await page.setViewportSize(PHONE);
    const heights = await log
      .locator('.log-when time')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);

    expect(native).toEqual([]);
    await ctx.close();
  });
});
