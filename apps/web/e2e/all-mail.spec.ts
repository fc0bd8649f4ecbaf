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
});
