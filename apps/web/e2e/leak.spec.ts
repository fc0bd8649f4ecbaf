// Leak detection and the tracker report in a real browser: mail from the alias's origin, then
// from another organisation, raises the banner; "Restrict to <origin>" restricts the alias; the
// message view counts the trackers it blocked.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- e2e/leak.spec.ts
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAliasFromSidebar, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

const newAlias = async (page: Page) => (await addAliasFromSidebar(page)).address;

async function send(mail: SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

describe('leak detection in the browser', () => {
  it('shows the leak banner after mail from another organisation, and "Restrict" restricts the alias to the origin', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, e2e.app.url);
    const address = await newAlias(page);
    const inboxUrl = page.url();

    const html =
      '<p>Our sale</p><img src="https://open.tracker.example/o.gif" width="1" height="1">' +
      '<img src="https://cdn.shop.example/banner.png" width="600" height="200">' +
      '<a href="https://click.shop.example/c?url=https%3A%2F%2Fshop.example%2Fsale">Sale</a>';
    await send({ from: 'Shop <orders@shop.example>', to: address, subject: 'Spring sale', html });
    await page.getByRole('link', { name: /Spring sale/ }).waitFor({ timeout: 75_000 });
    await send({ from: 'Winner <win@spammer.example>', to: address, subject: 'You won', text: 'Claim now.' });
    await page.getByRole('link', { name: /You won/ }).waitFor({ timeout: 75_000 });

    const banner = page.getByTestId('leak-banner');
    await banner.getByText('This address may have leaked to spammer.example', { exact: false }).waitFor({ timeout: 30_000 });
    await banner.getByRole('button', { name: 'Restrict to shop.example' }).click();
    await banner.waitFor({ state: 'detached' });

    await page.goto(inboxUrl.replace(/\/inbox$/, '/restrict'));
    const restricted = page.getByRole('radio', { name: /Only Accept Mail From Specific Senders/ });
    await restricted.waitFor();
    expect(await restricted.isChecked()).toBe(true);
    await page.getByRole('list', { name: 'Senders' }).getByText('*.shop.example').waitFor();

    // The tracker report of the first message.
    await page.goto(inboxUrl);
    await page.getByRole('link', { name: /Spring sale/ }).click();
    await page.waitForURL(/\/message\/\d+$/);
    const report = page.getByTestId('tracker-report');
    await report.getByText('3 trackers blocked').click();
    await report.getByText('https://shop.example/sale').waitFor();
    await context.close();
  });
});
