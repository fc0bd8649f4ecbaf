// Leak detection and the tracker report in a real browser: mail from the alias's origin, then
// from another organisation, raises the banner; "Restrict to <origin>" restricts the alias; the
// message view counts the trackers it blocked.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- e2e/leak.spec.ts
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { addAliasFromSidebar, RESULTS, signIn, startE2e, type E2e } from './harness';

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
    // Made without a site, the alias starts shared with several senders and would never warn.
    await page.evaluate(
      async (aliasId) => {
        const res = await fetch(`/api/account/1/alias/${aliasId}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
          body: JSON.stringify({ shared_senders: false }),
        });
        if (!res.ok) throw new Error(`PUT ${res.status}`);
      },
      Number(/\/alias\/(\d+)\//.exec(inboxUrl)![1]),
    );

    const html =
      '<p>Our sale</p><img src="https://open.tracker.example/o.gif" width="1" height="1">' +
      '<img src="https://cdn.shop.example/banner.png" width="600" height="200">' +
      '<a href="https://click.shop.example/c?url=https%3A%2F%2Fshop.example%2Fsale">Sale</a>';
    await send({ from: 'Shop <orders@shop.example>', to: address, subject: 'Spring sale', html });
    await page.getByRole('link', { name: /Spring sale/ }).waitFor({ timeout: 75_000 });
    await send({ from: 'Winner <win@spammer.example>', to: address, subject: 'You won', text: 'Claim now.' });
    await page.getByRole('link', { name: /You won/ }).waitFor({ timeout: 75_000 });

    const banner = page.getByTestId('leak-banner');
    await banner.getByText('Mail from spammer.example, but this address was given to shop.example.').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(RESULTS, 'leak-line-1280.png') });
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

  it('stays quiet on an alias shared with several senders, and "This is fine" learns the organisation', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, e2e.app.url);
    const address = await newAlias(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await send({ from: 'Mum <mum@family.example>', to: address, subject: 'Sunday lunch', text: 'Come at noon.' });
    await send({ from: 'Aunt <aunt@other-family.example>', to: address, subject: 'Me too', text: 'See you.' });
    await page.getByRole('link', { name: /Me too/ }).waitFor({ timeout: 75_000 });
    await page.reload();
    await page.getByRole('link', { name: /Me too/ }).waitFor();
    expect(await page.getByTestId('leak-banner').count()).toBe(0);

    // Naming the site turns the watch on; the organisation the owner calls fine is not warned of again.
    const aliasId = Number(/\/alias\/(\d+)\//.exec(page.url())![1]);
    await page.evaluate(async (id) => {
      const res = await fetch(`/api/account/1/alias/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
        body: JSON.stringify({ origin: 'family.example' }),
      });
      if (!res.ok) throw new Error(`PUT ${res.status} ${await res.text()}`);
    }, aliasId);
    await send({ from: 'Cousin <c@cousins.example>', to: address, subject: 'Hello from us', text: 'Hi.' });
    const line = page.getByTestId('leak-banner');
    await line.getByText('Mail from cousins.example, but this address was given to family.example.').waitFor({ timeout: 75_000 });
    await page.screenshot({ path: join(RESULTS, 'leak-line-375.png') });
    await line.getByRole('button', { name: /This is fine/ }).click();
    await line.waitFor({ state: 'detached' });
    await send({ from: 'Cousin <c2@cousins.example>', to: address, subject: 'Again from us', text: 'Hi.' });
    await page.getByRole('link', { name: /Again from us/ }).waitFor({ timeout: 75_000 });
    await page.reload();
    await page.getByRole('link', { name: /Again from us/ }).waitFor();
    expect(await page.getByTestId('leak-banner').count()).toBe(0);
    await context.close();
  });
});
