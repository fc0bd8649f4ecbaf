// All mail (docs/product.md §3 "All mail"): three aliases' mail, sent over SMTP, in one list with
// alias chips, a 5-message conversation as one row "1 of 5", j/k and o across aliases, a bulk
// action; the feed opens it once there is mail. Screenshots at 375 and 1440 px, light and dark, go
// to apps/web/test-results/screens/all-mail-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { RESULTS, createRandomAlias, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

async function shoot(page: Page, name: string) {
  const shots = join(RESULTS, 'screens');
  mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: join(shots, `all-mail-${name}-${width}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('All mail', () => {
  it('merges three aliases, groups a 5-message conversation, and moves across aliases with the keys', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.app.url);
    const [a, b, c] = [await createRandomAlias(page, 1), await createRandomAlias(page, 1), await createRandomAlias(page, 1)];

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'Shop <orders@shop.example>',
      to: a!.address,
      subject: 'Your order has shipped',
      text: 'Tracking inside.',
    });
    for (let i = 1; i <= 5; i++) {
      await transport.sendMail({
        from: 'Ann Club <ann@club.example>',
        to: b!.address,
        subject: i === 1 ? 'Picnic on Sunday' : 'Re: Picnic on Sunday',
        text: `Picnic note ${i}`,
        messageId: `<picnic${i}@club.example>`,
        ...(i > 1 ? { references: '<picnic1@club.example>', inReplyTo: `<picnic${i - 1}@club.example>` } : {}),
      });
    }
    await transport.sendMail({
      from: 'Paper <news@paper.example>',
      to: c!.address,
      subject: 'Morning briefing',
      text: 'Headlines.',
    });
    transport.close();

    // With mail, the feed (where signing in lands) opens All mail.
    await page.goto(`${e2e.app.url}/account/feed`);
    await page.waitForURL(/\/mail$/);
    await page.getByRole('heading', { name: 'All mail', exact: true }).waitFor();
    const rows = page.locator('.message-row');
    await expect
      .poll(
        async () => {
          const texts = await rows.allTextContents();
          return texts.length === 3 && texts.some((t) => t.includes('Picnic note 5'));
        },
        { timeout: 75_000, interval: 500 },
      )
      .toBe(true);

    // Each row carries its alias's chip; the conversation is one row, its newest message, "1 of 5".
    const chips = await page.locator('.message-row .alias-chip').allTextContents();
    const handles = [a, b, c].map((x) => x!.address.split('@')[0]!);
    expect(new Set(chips)).toEqual(new Set(handles));
    const picnic = rows.filter({ hasText: 'Picnic' });
    await expect(picnic.count()).resolves.toBe(1);
    await expect(picnic.getByText('1 of 5', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(picnic.getByText('Picnic note 5', { exact: true }).isVisible()).resolves.toBe(true);
    await shoot(page, 'list');

    // x selects the current row (moved to with j), and Mark read clears its NEW badge.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(() => page.getByText('1 selected', { exact: true }).isVisible()).toBe(true);
    const second = rows.nth(1);
    await expect(second.locator('.badge-new').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Mark read', exact: true }).click();
    await expect.poll(() => second.locator('.badge-new').count()).toBe(0);

    // k goes back up; o opens the current row's message in its own alias.
    await page.keyboard.press('k');
    await page.keyboard.press('o');
    const firstAlias = c!.id;
    await page.waitForURL(new RegExp(`/alias/${firstAlias}/message/\\d+$`));
    await page.getByText('Morning briefing').first().waitFor();
    await page.close();
  });

  it('shows a conversation on its message page, keeps a sent reply inside it, and trashes it whole with Undo', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, e2e.app.url);
    const alias = await createRandomAlias(page, 1);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
    for (let i = 1; i <= 5; i++) {
      await transport.sendMail({
        from: 'Bo Band <bo@band.example>',
        to: alias.address,
        subject: i === 1 ? 'Rehearsal times' : 'Re: Rehearsal times',
        text: `Rehearsal note ${i}`,
        messageId: `<rehearsal${i}@band.example>`,
        ...(i > 1 ? { references: '<rehearsal1@band.example>', inReplyTo: `<rehearsal${i - 1}@band.example>` } : {}),
      });
    }
    transport.close();

    // The sidebar's All mail link, with the unread messages of every alias added up.
    const allMail = page.getByRole('navigation', { name: 'All mail' }).getByRole('link');
    await expect.poll(async () => (await allMail.textContent()) ?? '', { timeout: 75_000, interval: 500 }).toMatch(/All mail\d+/);
    await allMail.click();
    await page.waitForURL(/\/mail$/);
    const row = page.locator('.message-row').filter({ hasText: 'Rehearsal' });
    await expect.poll(() => row.getByText('1 of 5', { exact: true }).count(), { timeout: 75_000, interval: 500 }).toBe(1);

    // Its message page: "1 of 5" and the conversation, newest first, the others opening to their text.
    await row.locator('.message-link').click();
    await page.getByRole('heading', { name: /^Re: Rehearsal times/ }).waitFor();
    await expect.poll(() => page.getByTestId('thread-position').textContent()).toBe('1 of 5');
    const items = page.locator('.conversation-item');
    await expect.poll(() => items.count()).toBe(5);
    await expect(items.first().getAttribute('aria-current')).resolves.toBe('true');
    await items.nth(4).getByRole('button').click();
    await items.nth(4).locator('.conversation-body').getByText('Rehearsal note 1', { exact: true }).waitFor();
    // By keyboard too: a header is a button that Enter opens.
    await items.nth(3).getByRole('button').focus();
    await page.keyboard.press('Enter');
    await items.nth(3).locator('.conversation-body').getByText('Rehearsal note 2', { exact: true }).waitFor();
    await expect(items.nth(3).getByRole('button').getAttribute('aria-expanded')).resolves.toBe('true');
    await shoot(page, 'conversation');

    // A reply from the alias (no relay here: queued) joins the conversation, not the list.
    await page.getByRole('textbox', { name: 'Reply' }).fill('I can do Thursday.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const anyway = page.getByRole('button', { name: 'Send anyway', exact: true });
    const flash = page.getByTestId('flash').first();
    await Promise.race([flash.waitFor(), anyway.waitFor().then(() => anyway.click())]);
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(6);
    await expect(items.first().getAttribute('data-direction')).resolves.toBe('out');
    await expect.poll(() => page.getByTestId('thread-position').textContent()).toBe('2 of 6');
    await shoot(page, 'conversation-reply');

    await allMail.click();
    await page.waitForURL(/\/mail$/);
    await expect.poll(() => row.getByText('1 of 6', { exact: true }).count()).toBe(1);
    await expect(page.locator('.message-row').filter({ hasText: 'I can do Thursday.' }).count()).resolves.toBe(0);

    // Trashing the row trashes all six messages, in the database too; Undo brings them all back.
    const list = await (await page.request.get(`${e2e.app.url}/api/account/1/messages`)).json();
    const key = list.messages.find((m: { subject: string }) => m.subject === 'Re: Rehearsal times').thread_key as string;
    const left = async () =>
      (await (await page.request.get(`${e2e.app.url}/api/account/1/thread/${key}`)).json()).messages.length;
    await row.getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selected messages' }).getByRole('button', { name: 'Trash', exact: true }).click();
    const trashed = page.getByTestId('flash').filter({ hasText: '6 messages moved to the trash.' });
    await trashed.waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(left).toBe(0);
    await shoot(page, 'trashed-conversation');
    await trashed.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(left).toBe(6);
    await expect.poll(() => row.getByText('1 of 6', { exact: true }).count()).toBe(1);
    await page.close();
  });
});
