// Sender authentication in a real browser: a forged sender's verdicts as chips with plain-word tooltips and the
// strong warning in the message view, and the admin's DNS records with copy buttons and a check,
// against a local DNS server (no remote lookups).
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- e2e/sender-auth.spec.ts
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAliasFromSidebar, signIn, startE2e, type E2e } from './harness';
import { type DnsStandIn, startDnsStandIn } from '@app/testing';

let dns: DnsStandIn;
let e2e: E2e;

beforeAll(async () => {
  dns = await startDnsStandIn();
  // bank.example sends only from 192.0.2.1 and asks receivers to reject the rest.
  dns.txt.set('bank.example', ['v=spf1 ip4:192.0.2.1 -all']);
  dns.txt.set('_dmarc.bank.example', ['v=DMARC1; p=reject']);
  e2e = await startE2e({ DNS_SERVERS: dns.server });
});
afterAll(async () => {
  await e2e?.close();
  await dns?.close();
});

const newAlias = async (page: Page) => (await addAliasFromSidebar(page)).address;

describe('sender authentication in the browser', () => {
  it('shows the verdicts of a forged sender as chips with tooltips, and the strong warning', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, e2e.app.url);
    const address = await newAlias(page);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'Your Bank <alerts@bank.example>',
      to: address,
      subject: 'Verify your account',
      text: 'Click here.',
    });
    transport.close();

    await page.getByRole('link', { name: /Verify your account/ }).click({ timeout: 75_000 });
    await page.waitForURL(/\/message\/\d+$/);
    const chips = page.locator('.auth-results .chip');
    await chips.first().waitFor();
    const texts = await chips.evaluateAll((els) => els.map((e) => e.firstChild?.textContent?.trim()));
    expect(texts).toEqual(['SPF: fail', 'DKIM: none', 'DMARC: fail', 'ARC: none']);
    const dmarc = page.locator('.chip[data-check="DMARC"]');
    expect(await dmarc.getAttribute('title')).toBe(
      'DMARC failed: DMARC checks whether SPF or DKIM passed for the domain in the From address. It proves the domain, not the person: anyone with an account at that domain could send as it.',
    );
    expect(await dmarc.getAttribute('class')).toContain('chip-fail');
    await page
      .getByRole('list', { name: 'Warnings' })
      .getByText('This message claims to be from bank.example but is not', { exact: false })
      .waitFor();
    await context.close();
  });

  it('the admin screen lists the DNS records with copy buttons, and Check looks them up', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, e2e.app.url);
    await page.goto(`${e2e.app.url}/admin/dns`);
    const rows = page.locator('.dns-table tbody tr');
    await rows.nth(3).waitFor();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-record')))).toEqual(['MX', 'TXT', 'TXT', 'TXT']);
    expect(await page.getByRole('button', { name: /^Copy TXT value of s\d{8}\._domainkey\.alias\.localhost$/ }).count()).toBe(1);

    // Publish the DKIM record only, as shown, then check: that one is found, the others are not.
    const dkimName = (await rows.nth(2).locator('code').first().textContent())!;
    const dkimValue = (await rows.nth(2).locator('code').nth(1).textContent())!;
    dns.txt.set(dkimName, [dkimValue]);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.locator('.dns-table .chip').nth(3).waitFor();
    expect(await page.locator('.dns-table .chip').allTextContents()).toEqual([
      'Not found',
      'Not found',
      'Published',
      'Not found',
    ]);
    await context.close();
  });
});
