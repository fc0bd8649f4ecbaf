// Alias management end to end: the built SPA served by the one-process app
// (embedded PGlite + in-process queue in a fresh DATA_DIR), real SMTP over loopback, Debian's
// Chromium. Create an alias, rename its address (the old address refuses mail, the new one
// receives), restrict it to one domain, write a note and see it after a reload, trash and restore.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import nodemailer from 'nodemailer';
import type { EmbeddedHandle } from '@app/embedded';
import { REPLY_MESSAGES } from '@app/shared';
import { RESULTS, addAliasFromSidebar, answerConfirm, signIn as signInAs, startE2e, type E2e } from './harness';

let e2e: E2e;
let app: EmbeddedHandle;
let browser: Browser;

beforeAll(async () => {
  e2e = await startE2e();
  ({ app, browser } = e2e);
});

afterAll(() => e2e?.close());

/** One SMTP delivery attempt: 250, or the refusal's code and text. */
async function send(from: string, to: string, subject: string): Promise<{ code: number; response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope: { from, to: [to] }, from, to, subject, text: `${subject}.` });
    return { code: 250, response: info.response };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string };
    return { code: e.responseCode ?? 0, response: e.response ?? String(err) };
  } finally {
    transport.close();
  }
}

const signIn = (page: Page) => signInAs(page, app.url);

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Alias sections' }).getByRole('link', { name, exact: true });

describe('alias management in a real browser', () => {
  it('creates, renames, restricts, notes, trashes and restores an alias', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The flow's confirmations (restriction, trash) are the in-app dialog; the browser's never opens.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const apiErrors: string[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/') && r.status() >= 400)
        apiErrors.push(`${r.status()} ${r.request().method()} ${u.pathname}`);
    });

    await signIn(page);
    const sidebar = page.getByRole('complementary', { name: 'Your aliases' });

    // 1. Create an alias with a chosen address (the admin may choose one).
    const first = `e2e.shop${randomBytes(3).toString('hex')}`;
    await page.goto(`${app.url}/alias/new`);
    await page.getByLabel('Address (leave empty for a random one)').fill(first);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Available.').waitFor();
    await page.locator('label.icon-option[title="Shopping"]').click();
    expect(await page.getByRole('radio', { name: 'Shopping' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create alias' }).click();
    await page.waitForURL(/\/alias\/\d+\/inbox$/);
    const aliasId = Number(/\/alias\/(\d+)\/inbox$/.exec(page.url())![1]);
    const oldAddress = `${first}@alias.localhost`;
    expect((await page.locator('.alias-full-address').textContent())!.trim()).toBe(oldAddress);
    await sidebar.locator(`[data-alias-id="${aliasId}"]`).waitFor();
    // The chosen icon shows in the sidebar and the alias header.
    await sidebar.locator(`[data-alias-id="${aliasId}"] [data-icon="cart"] svg`).waitFor();
    await page.locator('.alias-title [data-icon="cart"] svg').waitFor();

    // 2. Rename it on the settings screen: the copy link, the permanent-change warning, then
    //    the settings of the new handle.
    await tab(page, 'Settings').click();
    await page.waitForURL(new RegExp(`/alias/${aliasId}/settings$`));
    const copy = page.getByTestId('copy-address');
    expect(await copy.textContent()).toContain(oldAddress);
    expect(await copy.textContent()).toContain('copy');
    await page.getByRole('button', { name: 'Change' }).click();
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true); // unchanged
    await page.getByText('Changing the address is permanent').waitFor();
    const renamed = `e2e.renamed${randomBytes(3).toString('hex')}`;
    await page.getByLabel('New address').fill(renamed);
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.waitForURL(new RegExp(`/alias/${aliasId}/settings$`));
    const newAddress = `${renamed}@alias.localhost`;
    await page.getByTestId('copy-address').filter({ hasText: newAddress }).waitFor();

    // The old address now refuses mail; the new one receives it.
    const old = await send('friend@mail.example', oldAddress, 'To the old address');
    expect(old.code, old.response).toBe(550);
    expect(old.response).toContain('5.1.1');
    expect((await send('friend@mail.example', newAddress, 'To the new address')).code).toBe(250);
    await tab(page, 'Inbox').click();
    await page.locator('.message-row', { hasText: 'To the new address' }).waitFor({ timeout: 30_000 });

    // 3. Restrict it to one domain.
    await tab(page, 'Restrictions').click();
    // The radio follows the saved state: it turns on once the server has stored the change.
    await page.getByRole('radio', { name: /Only Accept Mail From Specific Senders/ }).click();
    expect(await answerConfirm(page, 'Accept only the senders you choose?', 'Restrict')).toContain(
      'Mail from everyone else is refused',
    );
    await page.getByText('No senders are chosen yet').waitFor();
    await page.getByRole('button', { name: 'Advanced: sender list' }).click();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await page.getByLabel(/Add a sender/).fill('not a domain');
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel(/Add a sender/).fill('shop.example');
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await page.getByRole('list', { name: 'Senders' }).getByText('*.shop.example').waitFor();
    // A duplicate is refused with the flash of docs/product.md §5.
    await page.getByLabel(/Add a sender/).fill('SHOP.example');
    await add.click();
    await page.getByText('Duplicate sender!').waitFor();

    const outside = await send('someone@other.example', newAddress, 'From outside');
    expect(outside.code, outside.response).toBe(550);
    expect(outside.response).toContain('5.7.1');
    expect((await send('news@mail.shop.example', newAddress, 'From the shop')).code).toBe(250);
    await tab(page, 'Inbox').click();
    await page.locator('.message-row', { hasText: 'From the shop' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.message-row', { hasText: 'From outside' }).count()).toBe(0);

    // 4. Write a note; it is saved a second after typing stops, and is there after a reload.
    await tab(page, 'Notes').click();
    const note = `Signed up on ${new Date().toISOString().slice(0, 10)}; account no. 4711`;
    await page.getByRole('textbox', { name: 'Notes' }).fill(note);
    await page.locator('.notes-status[data-status="saved"]').waitFor({ timeout: 10_000 });
    await page.reload();
    await page.getByRole('textbox', { name: 'Notes' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe(note);

    // The log lists the changes (API) and the refusals (SMTP).
    await tab(page, 'Log').click();
    await page.locator('.data-table tr[data-method="SMTP"]').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('.data-table tr[data-method="PUT"]').count()).toBeGreaterThanOrEqual(3);

    // The statistics draw today's mail and refusals.
    await tab(page, 'Statistics').click();
    await page.locator('svg.stats-chart').waitFor();
    expect(Number(await page.getByTestId('stat-received').textContent())).toBeGreaterThanOrEqual(2);
    expect(Number(await page.getByTestId('stat-refused').textContent())).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: join(RESULTS, 'alias-statistics.png'), fullPage: true });

    // 5. Trash the alias (confirmed): it leaves the sidebar and receives no mail.
    await tab(page, 'Settings').click();
    await page.getByRole('button', { name: 'Trash Alias' }).click();
    expect(await answerConfirm(page, 'Move this alias to the trash?', 'Trash alias')).toContain('refuses mail at once');
    await page.getByRole('button', { name: 'Restore Alias' }).waitFor();
    await page.getByText('This alias is in the trash').waitFor();
    await sidebar.locator(`[data-alias-id="${aliasId}"]`).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Change' }).isDisabled()).toBe(true);
    const trashed = await send('news@mail.shop.example', newAddress, 'While trashed');
    expect(trashed.code).toBe(550);
    await page.screenshot({ path: join(RESULTS, 'alias-settings-trashed.png'), fullPage: true });

    // /alias/{handle}/settings still finds it (it is no longer in the sidebar's list).
    await page.goto(`${app.url}/alias/${renamed}/settings`);
    await page.waitForURL(new RegExp(`/alias/${aliasId}/settings$`));

    // ... and restore it: back in the sidebar, receiving again.
    await page.getByRole('button', { name: 'Restore Alias' }).click();
    await page.getByRole('button', { name: 'Trash Alias' }).waitFor();
    await sidebar.locator(`[data-alias-id="${aliasId}"]`).waitFor();
    expect((await send('news@mail.shop.example', newAddress, 'After restore')).code).toBe(250);
    await page.screenshot({ path: join(RESULTS, 'alias-settings.png'), fullPage: true });

    expect(dialogs).toEqual([]);
    expect(apiErrors).toEqual([]);
    await context.close();
  });

  it('copies an alias in one click from the new-alias flash, the sidebar, the header and `c`; `?` lists the shortcuts', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await context.newPage();
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const clear = () => page.evaluate(() => navigator.clipboard.writeText(''));
    await signIn(page);

    await addAliasFromSidebar(page);
    const flash = page.getByTestId('flash');
    await expect.poll(() => flash.textContent()).toMatch(/Your new alias is \S+@alias\.localhost\./);
    const address = /is (\S+@alias\.localhost)\./.exec((await flash.textContent()) ?? '')![1]!;
    await flash.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(clipboard).toBe(address);

    await clear();
    const sidebar = page.getByRole('complementary', { name: 'Your aliases' });
    await sidebar.getByRole('button', { name: `Copy ${address}` }).click();
    await expect.poll(clipboard).toBe(address);
    // The click copied; it did not follow the row's link.
    await expect
      .poll(() => sidebar.getByRole('button', { name: `Copy ${address}` }).getAttribute('class'))
      .toContain('is-copied');

    await clear();
    await page
      .locator('.alias-header')
      .getByRole('button', { name: `Copy ${address}` })
      .click();
    await expect.poll(clipboard).toBe(address);

    await clear();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('c');
    await expect.poll(clipboard).toBe(address);
    await expect.poll(() => flash.textContent()).toContain(`Copied ${address}`);

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => help.isVisible()).toBe(true);
    expect(await help.textContent()).toContain('Copy the alias address');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);

    await page.screenshot({ path: join(RESULTS, 'alias-copy-1440.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(RESULTS, 'alias-copy-375.png') });
    await context.close();
  });

  it('a chat alias reads as a conversation and replies from the alias', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${app.url}/alias/new`);
    await page.getByLabel(/Chat alias/).check();
    await page.getByRole('button', { name: 'Create a random alias' }).click();
    await page.waitForURL(/\/alias\/\d+\/inbox$/);
    const address = (await page.locator('.alias-full-address').textContent())!.trim();

    // Nobody has written yet: the input waits for a correspondent.
    const input = page.getByLabel('Message', { exact: true });
    expect(await input.isDisabled()).toBe(true);

    expect((await send('pal@friend.example', address, 'Lunch tomorrow?')).code).toBe(250);
    await page.locator('.bubble-in').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.bubble-in').first().textContent()).toContain('Lunch tomorrow?.');

    // Whitespace only is not sent; a real reply shows as ours.
    const sendButton = page.getByRole('button', { name: 'Send' });
    await input.fill('   ');
    expect(await sendButton.isDisabled()).toBe(true);
    await input.fill('Yes, at noon.');
    const posted = page.waitForResponse((r) => r.url().endsWith('/chat') && r.request().method() === 'POST');
    await sendButton.click();
    expect((await posted).status()).toBe(201);
    await page.locator('.bubble-out', { hasText: 'Yes, at noon.' }).waitFor();
    // This server has no outbound relay: the page says the mail waits, never "sent".
    await page.getByTestId('flash').filter({ hasText: REPLY_MESSAGES.held }).waitFor();
    // The input clears once the send has refreshed the conversation and the inbox; the bubble can
    // show before the inbox is done.
    await expect.poll(() => input.inputValue()).toBe('');
    await page.screenshot({ path: join(RESULTS, 'alias-chat.png'), fullPage: true });
    await context.close();
  });
});
