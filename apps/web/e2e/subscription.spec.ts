// Subscription and personal domains end to end: the built SPA served by the one-process app
// (embedded PGlite + in-process queue in a fresh DATA_DIR), the real `stripe` SDK of the api
// pointed at the local Stripe stand-in of the API tests, a local DNS stand-in, Debian's Chromium.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e
//
// The hosted checkout page is the one thing not run: the browser's navigation to the stand-in's
// checkout URL is intercepted and answered with the redirect Stripe would make to the success URL.
// The plan then changes only when a signed webhook arrives (docs/security.md W9), which the test posts.
// Screenshots at 1440 and 375 px are written to apps/web/test-results/.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FLASH } from '@app/shared';
import type { EmbeddedHandle } from '@app/embedded';
import { ADMIN_PASSWORD, RESULTS, answerConfirm, startE2e, type E2e } from './harness';
import {
  createMember,
  type DnsStandIn,
  type Member,
  startDnsStandIn,
  startStripeStandIn,
  type StripeStandIn,
  subscriptionObject,
} from '@app/testing';

const WEBHOOK_SECRET = 'whsec_e2e_standin';
const MAIL_DOMAIN = 'alias.localhost';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

type StripeSigner = { webhooks: { generateTestHeaderString(o: { payload: string; secret: string }): string } };
// `stripe` is a dependency of @app/api, not of the SPA: load it from there (test-only), as the
// accounts e2e does with pg.
const stripeModule = createRequire(fileURLToPath(new URL('../../api/package.json', import.meta.url)))('stripe') as
  (new (key: string) => StripeSigner) | { default: new (key: string) => StripeSigner };
const StripeCtor = 'default' in stripeModule ? stripeModule.default : stripeModule;
const signer = new StripeCtor('sk_test_standin');

let e2e: E2e;
let app: EmbeddedHandle;
let stripe: StripeStandIn;
let dns: DnsStandIn;
let browser: Browser;
let member: Member;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  dns = await startDnsStandIn();
  e2e = await startE2e({
    MAIL_DOMAIN,
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PRICES: 'plus-monthly=price_plus_m,plus-yearly=price_plus_y,pro-monthly=price_pro_m,pro-yearly=price_pro_y',
    DNS_SERVERS: dns.server,
  });
  ({ app, browser } = e2e);
  // A Free member, made directly in the database like the API tests do (admin is VIP).
  member = await createMember(app.services, { packageId: 1 });
});

afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
  await dns?.close();
});

async function signIn(page: Page, handle: string, password: string) {
  await page.goto(`${app.url}/auth/login`);
  await page.getByLabel('Username').waitFor();
  // The cookie notice would cover the screens in the screenshots (it renders with the layout).
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.count()) await gotIt.click();
  await page.getByLabel('Username').fill(handle);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/alias\/(new|\d+\/inbox)$/);
}

async function flash(page: Page, text: string | RegExp) {
  await page.getByTestId('flash').filter({ hasText: text }).waitFor();
}

/** Posts an event to the app's webhook, signed the way Stripe signs it. */
async function webhook(event: object): Promise<number> {
  const payload = JSON.stringify(event);
  const res = await fetch(`${app.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  return res.status;
}

/** A full-page screenshot from the top (a scrolled page would show the sticky header mid-page). */
async function shot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(RESULTS, file), fullPage: true, animations: 'disabled' });
}

const currentPlan = (page: Page, label: string) => page.getByRole('region', { name: label });

describe('subscription in a real browser', () => {
  it('upgrade through the hosted checkout: the plan changes only with the webhook; cancel, renew', async () => {
    const ctx = await browser.newContext({ viewport: DESKTOP });
    const page = await ctx.newPage();
    const apiErrors: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${app.url}/api/`) && r.status() >= 400) apiErrors.push(`${r.status()} ${r.url()}`);
    });
    await signIn(page, member.handle, member.password);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('link', { name: 'Subscription' }).click();
    await page.waitForURL(/\/account\/subscription$/);
    await currentPlan(page, 'Free').waitFor();
    expect(await page.getByTestId('billing-off').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    expect(await page.locator('article[data-plan]').evaluateAll((els) => els.map((e) => e.getAttribute('data-plan')))).toEqual([
      'Plus',
      'Pro',
    ]);
    await shot(page, 'subscription-free-1440.png');

    // The hosted checkout: Stripe would take the card, then send the browser to the success URL.
    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ status: 303, headers: { location: `${app.url}/account/subscription/success` } }),
    );
    await page.getByRole('button', { name: 'Upgrade to Plus (monthly)' }).click();
    await page.waitForURL(/\/account\/subscription$/);
    await flash(page, FLASH.upgradeOk);
    // Only the allowlisted price went to Stripe, for this member.
    const sent = stripe.checkouts.at(-1)!;
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('line_items[0][price]')).toBe('price_plus_m');
    expect(sent.get('customer_email')).toBe(member.account.email);
    // Back on the success URL, nothing changed yet (W9): the screen waits for the server.
    await page.getByText('Confirming your upgrade with the payment provider…').waitFor();
    await currentPlan(page, 'Free').waitFor();
    await shot(page, 'subscription-confirming-1440.png');

    // The signed webhook arrives a moment later; the screen picks it up without a reload.
    const id = String(member.account.id);
    stripe.subscriptions.set('sub_e2e', subscriptionObject('sub_e2e', 'price_plus_m', 'active', id));
    expect(
      await webhook({
        id: 'evt_e2e_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_1',
            object: 'checkout.session',
            subscription: 'sub_e2e',
            client_reference_id: id,
            customer: 'cus_e2e',
          },
        },
      }),
    ).toBe(200);
    await currentPlan(page, 'Plus (monthly)').waitFor({ timeout: 12_000 });
    await page
      .getByTestId('renewal')
      .filter({ hasText: /^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/ })
      .waitFor();
    await page.getByText('Confirming your upgrade with the payment provider…').waitFor({ state: 'detached' });
    // The account header follows.
    await page.locator('.section-header .badge').filter({ hasText: 'Plus (monthly)' }).waitFor();
    // Plus monthly now offers the yearly term as a switch, and Pro.
    await page.getByRole('button', { name: 'Switch to Plus (yearly)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Plus (monthly)' }).count()).toBe(0);
    await shot(page, 'subscription-plus-1440.png');

    // Cancel (after the confirmation): ends at the period end; Renew takes its place.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await answerConfirm(page, 'Cancel your subscription?', 'Cancel subscription');
    await flash(page, /^Your subscription will end on \d{4}-\d\d-\d\d\.$/);
    await page
      .getByTestId('renewal')
      .filter({ hasText: /^Ends on [A-Z][a-z]+ \d{1,2}, \d{4}$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Renew subscription' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await shot(page, 'subscription-canceling-1440.png');

    // Renew: back to renewing.
    await page.getByRole('button', { name: 'Renew subscription' }).click();
    await flash(page, 'Your subscription will renew.');
    await page
      .getByTestId('renewal')
      .filter({ hasText: /^Renews on / })
      .waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();

    // Abandoning a checkout: the cancel URL shows the danger flash and changes nothing.
    await page.goto(`${app.url}/account/subscription/cancel`);
    await page.waitForURL(/\/account\/subscription$/);
    await flash(page, FLASH.upgradeCancelled);
    await currentPlan(page, 'Plus (monthly)').waitFor();
    expect(await page.locator('.flash-danger').count()).toBe(1);

    expect(apiErrors).toEqual([]);
    await ctx.close();
  });

  it('a forged return on the success URL changes nothing (W9), and the phone layout', async () => {
    const other = await createMember(app.services, { packageId: 1 });
    const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await signIn(page, other.handle, other.password);
    await page.goto(`${app.url}/account/subscription/success?session_id=cs_forged`);
    await page.waitForURL(/\/account\/subscription$/);
    await flash(page, FLASH.upgradeOk);
    await page.getByText('Confirming your upgrade with the payment provider…').waitFor();
    // After the watch window the screen says the payment is still being confirmed; still Free.
    await page.getByText('Your payment is still being confirmed.', { exact: false }).waitFor({ timeout: 15_000 });
    await currentPlan(page, 'Free').waitFor();
    const res = await page.request.get(`${app.url}/api/account/${other.account.id}/subscription`);
    expect((await res.json()).subscription.package_id).toBe(1);
    await shot(page, 'subscription-pending-375.png');
    await ctx.close();

    // The upgraded member on a phone.
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    await signIn(p, member.handle, member.password);
    await p.goto(`${app.url}/account/subscription`);
    await currentPlan(p, 'Plus (monthly)').waitFor();
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(p, 'subscription-375.png');
    await phone.close();
  });
});

describe('personal domains in a real browser', () => {
  it('a member without the feature is told why; the admin adds, proves by TXT record and verifies a domain', async () => {
    // Plus has no personal domain.
    const mctx = await browser.newContext({ viewport: DESKTOP });
    const mp = await mctx.newPage();
    await signIn(mp, member.handle, member.password);
    await mp.goto(`${app.url}/account/subscription`);
    await mp.getByRole('link', { name: 'Domains' }).click();
    await mp.waitForURL(/\/account\/domains$/);
    await mp.getByTestId('domains-need-feature').waitFor();
    expect(await mp.getByLabel('Domain name').count()).toBe(0);
    await mp.locator(`article[data-domain="${MAIL_DOMAIN}"]`).getByText('Shared', { exact: true }).waitFor();
    await shot(mp, 'domains-no-feature-1440.png');
    await mctx.close();

    // The admin (VIP: every feature).
    const ctx = await browser.newContext({ viewport: DESKTOP });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await ctx.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${app.url}/account/domains`);
    const name = 'admin-e2e.example';
    await page.getByLabel('Domain name').fill(name);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await flash(page, 'Publish the TXT record, then verify.');
    const card = page.locator(`article[data-domain="${name}"]`);
    await card.getByText('Not verified').waitFor();
    await card.getByText(`_alias-verify.${name}`).waitFor();
    const value = (await card.locator('.dns-value').nth(1).textContent())!;
    expect(value).toMatch(/^alias-verify=[0-9a-f]{32}$/);
    await card.getByRole('button', { name: 'Copy TXT record value' }).click();
    await card.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await card.getByText(MAIL_DOMAIN, { exact: true }).waitFor();

    // Not published yet: the server's message.
    await card.getByRole('button', { name: 'Verify' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: `The TXT record _alias-verify.${name} was not found yet.` })
      .waitFor();
    await shot(page, 'domains-1440.png');

    // Published (and MX pointed at the service): verified.
    dns.txt.set(`_alias-verify.${name}`, [value]);
    dns.mx.set(name, [{ priority: 10, exchange: MAIL_DOMAIN }]);
    await card.getByRole('button', { name: 'Verify' }).click();
    await card.getByRole('status').filter({ hasText: 'Domain verified.' }).waitFor();
    await card.getByText('Verified', { exact: true }).waitFor();
    await shot(page, 'domains-verified-1440.png');

    // The phone layout of the same screen, records open.
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const pp = await phone.newPage();
    await signIn(pp, 'admin', ADMIN_PASSWORD);
    await pp.goto(`${app.url}/account/domains`);
    const pcard = pp.locator(`article[data-domain="${name}"]`);
    await pcard.getByText('DNS records').click();
    await pcard.getByText(`_alias-verify.${name}`).waitFor();
    const overflow = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(pp, 'domains-375.png');
    await phone.close();

    // Remove it.
    await card.getByRole('button', { name: `Remove ${name}` }).click();
    await answerConfirm(page, `Remove ${name}?`, 'Remove domain');
    await flash(page, 'Domain removed.');
    await card.waitFor({ state: 'detached' });
    await ctx.close();
  });
});
