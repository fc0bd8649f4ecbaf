// Unsubscribe and block end to end (docs/product.md §3 "Unsubscribe", "Blocked senders"): the built
// SPA on the one-process app, a newsletter over real SMTP, a local HTTPS receiver standing in for
// the sender's unsubscribe server, and Debian's Chromium.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- unsubscribe
//
// Screenshots of the message screen, the dialog and the Blocked page, light and dark, at phone and
// desktop width, go to apps/web/test-results/unsubscribe/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddedHandle } from '@app/embedded';
import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT_ID } from '@app/shared';
import { RESULTS, addAliasFromSidebar, createRandomAlias, signIn, startE2e, type E2e } from './harness';
import { type PushStandIn, startPushStandIn, trustStandIn } from '@app/testing';

const SHOTS = join(RESULTS, 'unsubscribe');
let e2e: E2e;
let app: EmbeddedHandle;
let receiver: PushStandIn;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  receiver = await startPushStandIn();
  // The app runs in this process: its one-click request trusts the receiver's certificate, and
  // FETCH_ALLOW_HOSTS lets its loopback address through the SSRF guard.
  trustStandIn(receiver);
  e2e = await startE2e({ FETCH_ALLOW_HOSTS: new URL(receiver.origin).host });
  ({ app, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
  await receiver?.close();
});

async function mail(to: string, from: string, headers: Record<string, string> = {}) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ from: `Weekly <${from}>`, to, subject: 'This week at Weekly', text: 'The news.', headers });
    return 250;
  } catch (err) {
    return (err as { responseCode?: number }).responseCode ?? 0;
  } finally {
    transport.close();
  }
}

describe('unsubscribe and block in a real browser', () => {
  it('unsubscribes from the inbox row menu with one click, then blocks the domain from the dialog', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signIn(page, app.url);
    const alias = await addAliasFromSidebar(page);
    const path = '/unsubscribe/e2e-1';
    expect(
      await mail(alias.address, 'letters@weekly.example', {
        'List-Unsubscribe': `<${receiver.origin}${path}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }),
    ).toBe(250);

    const row = page.locator('.message-row').first();
    await row.waitFor({ timeout: 60_000 });
    await row.getByLabel(/More actions/).click();
    await row.getByRole('button', { name: 'Unsubscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsubscribe' });
    await dialog.getByTestId('unsubscribe-done').waitFor();
    expect(receiver.received.filter((r) => r.path === path).map((r) => r.body.toString())).toEqual([
      'List-Unsubscribe=One-Click',
    ]);
    expect(receiver.received[0]!.headers.cookie).toBeUndefined();
    expect(receiver.received[0]!.headers.referer).toBeUndefined();

    await dialog.getByRole('button', { name: 'Also block this sender' }).click();
    await dialog.getByLabel(/Block weekly\.example/).check();
    await dialog.getByLabel('All my aliases').check();
    await dialog.getByRole('button', { name: 'Block weekly.example' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The next mail from the domain is refused at SMTP, and the Blocked page counts it.
    expect(await mail(alias.address, 'promo@weekly.example')).toBe(550);
    await page.goto(`${app.url}/account/blocked`);
    const rule = page.locator('.blocked-rule').filter({ hasText: 'weekly.example' });
    await expect
      .poll(async () => (await rule.getByTestId('block-count').textContent()) ?? '', { timeout: 10_000 })
      .toMatch(/^1 refused/);
    await rule.getByRole('button', { name: 'Remove the block of weekly.example' }).click();
    await page.getByTestId('blocked-empty').waitFor();
    expect(await mail(alias.address, 'promo@weekly.example')).toBe(250);
  });

  it('the message screen: Unsubscribe and Block sender, in light and dark, at 375 and 1440 px', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [375, 1440]) {
        const page = await (await browser.newContext({ viewport: { width, height: 900 }, colorScheme })).newPage();
        await signIn(page, app.url);
        // Through the API: the phone layout keeps the sidebar closed.
        const alias = await createRandomAlias(page, ADMIN_ACCOUNT_ID);
        await page.goto(`${app.url}/alias/${alias.id}/inbox`);
        await mail(alias.address, 'letters@daily.example', { 'List-Unsubscribe': '<mailto:leave@daily.example>' });
        await page.locator('.message-row').first().waitFor({ timeout: 60_000 });
        await page.locator('.message-row .message-link').first().click();
        await page.getByRole('heading', { name: 'This week at Weekly' }).waitFor();
        const name = `${colorScheme}-${width}`;
        await page.screenshot({ path: join(SHOTS, `message-${name}.png`) });
        await page.getByRole('button', { name: /^Block/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Block this sender' });
        await dialog.getByText('letters@daily.example').waitFor();
        await page.screenshot({ path: join(SHOTS, `block-dialog-${name}.png`) });
        await dialog.getByRole('button', { name: 'Block sender' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.goto(`${app.url}/account/blocked`);
        await page.locator('.blocked-rule').first().waitFor();
        await page.screenshot({ path: join(SHOTS, `blocked-${name}.png`), fullPage: true });
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(wide, `${name}: the Blocked page is wider than the screen`).toBe(false);
        // Leave the next round an empty list.
        for (const b of await page.getByRole('button', { name: /^Remove the block/ }).all()) await b.click();
        await page.getByTestId('blocked-empty').waitFor();
        await page.context().close();
      }
    }
  });
});
