// Search (docs/product.md §2 "Search"): mail sent over SMTP is found from the sidebar's box and
// from the inbox toolbar's, `/` focuses the box, and a result opens the message; operators, their
// help, chips and the actions on every result. Screenshots go to apps/web/test-results/screens/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { join } from 'node:path';
import { RESULTS, addAliasFromSidebar, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

describe('search', () => {
  it('finds a message by a body word from either box, `/` focuses the search', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.app.url);
    const { id: aliasId, address } = await addAliasFromSidebar(page);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'Quince Society <hello@quince.example>',
      to: address,
      subject: 'Autumn gathering',
      text: 'Bring your ornithopter drawings.',
    });
    await transport.sendMail({
      from: 'Other <other@letters.example>',
      to: address,
      subject: 'Unrelated',
      text: 'Nothing to see.',
    });
    transport.close();
    await page.locator('.message-row').nth(1).waitFor({ timeout: 75_000 });

    // `/` focuses the all-aliases box, but not while typing in a field.
    const box = page.getByRole('searchbox', { name: 'Search all aliases' });
    // Nothing has the focus (a click on the page could land on a row or a field).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(box.inputValue()).resolves.toBe('');

    // The last word is a prefix; accents and case do not matter.
    await page.keyboard.type('ÔRNITHOP');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    const results = page.locator('.search-results .message-row');
    await results.first().waitFor();
    await expect(results.count()).resolves.toBe(1);
    await expect(results.first().textContent()).resolves.toContain('Autumn gathering');
    await expect(results.first().textContent()).resolves.toContain(address);

    // The inbox toolbar searches this alias only; a result opens the message.
    await page.goto(`${e2e.app.url}/alias/${aliasId}/inbox`);
    const aliasBox = page.getByRole('searchbox', { name: 'Search this alias' });
    await aliasBox.fill('quince');
    await aliasBox.press('/');
    await expect(aliasBox.inputValue()).resolves.toBe('quince/');
    await aliasBox.fill('quince');
    await aliasBox.press('Enter');
    await page.waitForURL(new RegExp(`/search\\?q=quince&alias=${aliasId}$`));
    await results.first().waitFor();
    await expect(results.count()).resolves.toBe(1);
    await results.first().locator('a').click();
    await page.waitForURL(new RegExp(`/alias/${aliasId}/message/\\d+$`));
    await page.getByText('Autumn gathering').first().waitFor();
    await page.close();
  });

  it('takes operators, lists them behind "?", shows them as chips and acts on every result', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.app.url);
    const { address } = await addAliasFromSidebar(page);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
    for (const [from, subject, attach] of [
      ['Gazette <news@gazette.example>', 'Gazette weekly one', true],
      ['Gazette <news@gazette.example>', 'Gazette weekly two', false],
      ['Friend <friend@home.example>', 'Gazette clipping', true],
    ] as const) {
      await transport.sendMail({
        from,
        to: address,
        subject,
        text: 'Weekly tidings.',
        attachments: attach ? [{ filename: 'notes.txt', content: 'notes' }] : [],
      });
    }
    transport.close();
    await page.locator('.message-row').nth(2).waitFor({ timeout: 75_000 });

    const box = page.getByRole('searchbox', { name: 'Search all aliases' });
    const help = page.getByRole('button', { name: 'Search operators' });
    await help.click();
    await expect(page.locator('.search-help-panel').textContent()).resolves.toContain('has:attachment');
    const shots = join(RESULTS, 'screens');
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/help-1440-light.png` });
    await help.click();
    await expect(page.locator('.search-help-panel').count()).resolves.toBe(0);

    await box.fill('gazette has:attachment -from:friend');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    const results = page.locator('.search-results .message-row');
    await results.first().waitFor();
    await expect.poll(() => results.count()).toBe(1);
    await expect(results.first().textContent()).resolves.toContain('Gazette weekly one');
    await expect(page.locator('.search-chip').allTextContents()).resolves.toEqual(['gazette', 'has:attachment', '-from:friend']);
    await page.screenshot({ path: `${shots}/results-1440-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${shots}/results-1440-dark.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shots}/results-375-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: `${shots}/results-375-light.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A malformed operator says what is wrong.
    await box.fill('is:starred');
    await box.press('Enter');
    await page.locator('.search-results .notice-error', { hasText: 'is: takes unread, read or spam' }).waitFor();

    // Mark read acts on every result of the search, here all three Gazette messages.
    await box.fill('gazette is:unread');
    await box.press('Enter');
    await expect.poll(() => results.count()).toBe(3);
    await page.getByRole('toolbar', { name: 'Every result' }).getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('3 messages marked read.').waitFor();
    await expect.poll(() => results.count()).toBe(0);
    await page.close();
  });
});
