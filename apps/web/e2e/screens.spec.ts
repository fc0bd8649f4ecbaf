// A walk of the screens: every route at phone and desktop width, signed out, as a member and as the
// admin, failing on what a person sees at once: a page wider than the screen, a form label lying
// over another control, a document title that is only the product name, an active tab out of view.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- screens
//
// A screenshot of every route at both widths is written to apps/web/test-results/screens/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FLASH, RULE_MESSAGES, addressInvalidFlash } from '@app/shared';
import type { EmbeddedHandle } from '@app/embedded';
import { RESULTS, answerConfirm, createRandomAlias, signIn, startE2e, type E2e } from './harness';
import { createMember } from '@app/testing';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const WIDTHS = [PHONE, DESKTOP];
const SCHEMES = ['light', 'dark'] as const;
const SHOTS = join(RESULTS, 'screens');
const APP_NAME = 'Alias Mail';

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

/** What is wrong with the page on display, as a person would see it. */
async function defects(page: Page): Promise<string[]> {
  return page.evaluate((appName) => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) {
      // Name the outermost elements that stick out, so the failure says where to look.
      const out = (el: Element) => el.getBoundingClientRect().right > doc.clientWidth + 1;
      const culprits = Array.from(document.body.querySelectorAll('*'))
        .filter((el) => out(el) && !(el.parentElement && out(el.parentElement)))
        .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`)
        .slice(0, 3);
      found.push(`document ${doc.scrollWidth}px wide in a ${doc.clientWidth}px window (${culprits.join(', ')})`);
    }
    const title = document.title.trim();
    if (title === '' || title === appName) found.push(`title is "${title}"`);

    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.opacity !== '0';
    };
    // A label's own box is its text: measured with a range so a wrapping label's control is not counted.
    const textBox = (label: HTMLLabelElement) => {
      const rects: DOMRect[] = [];
      // Text for screen readers only (clipped to a pixel) is not seen, so it overlaps nothing.
      const hidden = (el: Element | null) => {
        for (; el && el !== label.parentElement; el = el.parentElement) {
          const s = getComputedStyle(el);
          if (s.clip !== 'auto' || s.clipPath !== 'none' || el.getBoundingClientRect().width <= 1) return true;
        }
        return false;
      };
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim() || hidden(n.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        rects.push(...Array.from(range.getClientRects()));
      }
      return rects;
    };
    const controls = Array.from(document.querySelectorAll('input, select, textarea, button')).filter(
      (c) => visible(c) && !(c instanceof HTMLInputElement && c.type === 'hidden'),
    );
    for (const label of Array.from(document.querySelectorAll('label'))) {
      if (!visible(label)) continue;
      for (const c of controls) {
        if (label.contains(c) || label.control === c) continue;
        const b = c.getBoundingClientRect();
        for (const t of textBox(label)) {
          const w = Math.min(t.right, b.right) - Math.max(t.left, b.left);
          const h = Math.min(t.bottom, b.bottom) - Math.max(t.top, b.top);
          if (w > 2 && h > 2) {
            found.push(
              `label "${label.textContent?.trim().slice(0, 40)}" overlaps ${c.tagName.toLowerCase()}[${c.getAttribute('name') ?? c.getAttribute('aria-label') ?? c.textContent?.trim().slice(0, 20)}]`,
            );
            break;
          }
        }
      }
    }
    // A phone's tab strip scrolls sideways: the active tab must be the one in view.
    for (const tab of Array.from(document.querySelectorAll('.tabs > .is-active'))) {
      const t = tab.getBoundingClientRect();
      const strip = tab.parentElement!.getBoundingClientRect();
      if (t.left < strip.left - 1 || t.right > strip.right + 1)
        found.push(`active tab "${tab.textContent}" is scrolled out of its strip`);
    }
    return [...new Set(found)];
  }, APP_NAME);
}

/** Visits each path at both widths, light and dark; returns every defect found, keyed by width and path. */
async function walk(page: Page, who: string, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  // The cookie notice is a one-time banner fixed over the page's foot: dismissed, as a reader would.
  await page.context().addCookies([{ name: 'cookie_notice', value: 'dismissed', url: app.url }]);
  for (const [size, scheme] of WIDTHS.flatMap((w) => SCHEMES.map((c) => [w, c] as const))) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of paths) {
      await page.goto(`${app.url}${path}`);
      await page.waitForLoadState('networkidle');
      // Lazy screens and their data: wait until no spinner is left.
      await page
        .waitForFunction(() => !document.querySelector('[role="status"].spinner, .page-spinner'), undefined, { timeout: 10_000 })
        .catch(() => {});
      const file = `${who}-${path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'home'}-${size.width}-${scheme}.png`;
      await page.screenshot({ path: join(SHOTS, file), fullPage: true });
      for (const d of await defects(page)) problems.push(`${size.width} ${scheme} ${who} ${path}: ${d}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}

async function longMail(to: string, subject: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: 'The Extraordinarily Long-Named Newsletter Department <notifications.and.updates.department@mailing.newsletters.example>',
    to,
    subject,
    text: `Confirm here: https://mailing.newsletters.example/confirm/${'a1b2c3d4'.repeat(12)}\n`,
  });
  transport.close();
}

async function mail(to: string, subject: string, text: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'Shop News <news@shop.example>', to, subject, text });
  transport.close();
}

describe('every screen as a person sees it', () => {
  it('signed out: no overflow, no overlapping labels, a title of its own', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const problems = await walk(page, 'visitor', [
      '/',
      '/about',
      '/pricing',
      '/auth/login',
      '/auth/register/closed',
      '/auth/register/thanks',
      '/auth/redeem/not-a-code',
      '/auth/reset/not-a-code',
      '/no/such/page',
    ]);
    await ctx.close();
    expect(problems).toEqual([]);
  });

  // Some twenty screens, each at two widths in light and dark: longer than one screen's budget.
  it('as a member, with an alias and mail, a long address and an API token', { timeout: 600_000 }, async () => {
    // Plus: its address can be chosen, so the longest one the rules allow can be made.
    const member = await createMember(app.services, { packageId: 3 });
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, app.url, member.handle, member.password);
    // A new account lands on the create-alias screen first.
    const before = await walk(page, 'member-new', ['/alias/new']);
    const alias = await createRandomAlias(page, member.account.id);
    await mail(alias.address, 'Your order has shipped', 'Hello,\n\nyour parcel is on its way.\n');
    await waitForTotal(page, member.account.id, alias.id, 1);
    // The longest address the rules allow (64 characters), with mail from a long sender and subject.
    const long = await page.evaluate(async (id) => {
      const res = await fetch(`/api/account/${id}/alias`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: JSON.stringify({ handle: `newsletter.subscriptions.for.the-spring-catalogue.2026.${'x'.repeat(9)}` }),
      });
      return ((await res.json()) as { alias: { id: number; address: string } }).alias;
    }, member.account.id);
    await longMail(
      long.address,
      'Your subscription to the extraordinarily long-named weekly digest of everything that happened is confirmed',
    );
    await waitForTotal(page, member.account.id, long.id, 1);
    // A token on the profile once widened it past a phone's width.
    await page.goto(`${app.url}/account/profile`);
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByLabel('Label').fill('A script with a rather long descriptive label for its token');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await tokens.getByLabel('New API token').waitFor();
    await page.goto(`${app.url}/alias/${alias.id}/inbox`);
    const row = page.locator('.message-row').first();
    await row.waitFor({ timeout: 30_000 });
    const messageHref = (await row.locator('a').first().getAttribute('href'))!;
    const problems = await walk(page, 'member', [
      `/alias/${alias.id}/inbox`,
      messageHref,
      `/alias/${alias.id}/log`,
      `/alias/${alias.id}/notes`,
      `/alias/${alias.id}/restrict`,
      `/alias/${alias.id}/settings`,
      `/alias/${alias.id}/statistics`,
      `/alias/${alias.id}/trash`,
      '/alias/new',
      '/account/profile',
      '/account/subscription',
      '/account/subscription/cancel',
      '/account/domains',
      '/account/blocked',
      `/alias/${long.id}/inbox`,
      `/alias/${long.id}/settings`,
      '/search?q=parcel',
      '/pricing',
      '/about',
      '/',
    ]);
    await ctx.close();
    expect([...before, ...problems]).toEqual([]);
  });

  it('as the admin', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, app.url);
    const problems = await walk(page, 'admin', [
      '/account/invitations',
      '/admin/logs',
      '/admin/sources',
      '/admin/sources/new',
      '/admin/tests',
      '/admin/users',
      '/admin/dns',
      '/account/profile',
      '/account/subscription',
    ]);
    expect(problems).toEqual([]);

    // Without a relay the invitation link is shown, with a button that copies it.
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.goto(`${app.url}/account/invitations`);
    const form = page.getByRole('region', { name: 'Send an invitation' });
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@invitee.example');
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    const link = await page.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(/\/auth\/redeem\//);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The logs say plainly that nothing leaves this server, and list outgoing mail by state.
    await page.goto(`${app.url}/admin/logs`);
    await page.getByRole('note').filter({ hasText: 'no outbound relay' }).waitFor();
    await page
      .getByRole('group', { name: 'Show outgoing mail' })
      .getByRole('button', { name: /^Failed \(\d+\)$/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Refused at SMTP' }).waitFor();
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(RESULTS, 'admin-logs-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(RESULTS, 'admin-logs-375.png'), fullPage: true });

    // The first-run checklist ticks a step from what was done elsewhere, and goes away when hidden.
    const checklist = page.getByRole('region', { name: 'Set up this server' });
    await page.goto(`${app.url}/admin/logs`);
    await checklist.getByText('To do: Create an alias', { exact: true }).waitFor();
    await checklist.getByText('To do: Change the printed password', { exact: true }).waitFor();
    await checklist.getByRole('link', { name: 'DNS records', exact: true }).waitFor();
    await createRandomAlias(page, 1);
    await page.goto(`${app.url}/admin/logs`);
    await checklist.getByText('Done: Create an alias', { exact: true }).waitFor();
    await checklist.getByText('1 of 5 done', { exact: true }).waitFor();
    for (const size of WIDTHS)
      for (const scheme of SCHEMES) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS, `admin-first-run-${size.width}-${scheme}.png`) });
        expect(await defects(page)).toEqual([]);
      }
    await checklist.getByRole('button', { name: 'Hide checklist', exact: true }).click();
    await expect.poll(() => checklist.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Outgoing mail', exact: true }).waitFor();
    expect(await checklist.count()).toBe(0);
    await ctx.close();
  });
});

/** A member signed in in a fresh context, with one alias; returns the page and the alias. */
async function memberWithAlias() {
  const member = await createMember(app.services);
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  await signIn(page, app.url, member.handle, member.password);
  const alias = await createRandomAlias(page, member.account.id);
  return { member, ctx, page, alias };
}

async function sendHtml(to: string, subject: string, html: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'Shop News <news@shop.example>', to, subject, text: subject, html });
  transport.close();
}

/** Opens a message by subject and waits until the frame has been measured a few times. */
async function openFramed(page: Page, aliasId: number, subject: string) {
  await page.goto(`${app.url}/alias/${aliasId}/inbox`);
  await page.getByRole('link', { name: new RegExp(subject) }).click({ timeout: 30_000 });
  await page.frameLocator('[data-testid="message-frame"]').locator('body').waitFor();
  await page.waitForTimeout(1500);
}

describe('the HTML frame fits its mail', () => {
  it('shows a mail with a top margin and a link on its last line whole, and caps an absurd height', async () => {
    const { ctx, page, alias } = await memberWithAlias();
    await sendHtml(
      alias.address,
      'Margins at both ends',
      `<html><body><h1 style="margin-top:64px">Spring offers</h1><p>Plenty of text here.</p>
       <p style="margin-bottom:48px"><a href="https://shop.example/last">The link on the last line</a></p></body></html>`,
    );
    await sendHtml(alias.address, 'Absurdly tall', `<html><body><div style="height:90000px">Tall</div><p>End</p></body></html>`);

    for (const width of [DESKTOP, PHONE]) {
      await page.setViewportSize(width);
      await openFramed(page, alias.id, 'Margins at both ends');
      const fit = await page.getByTestId('message-frame').evaluate((el) => {
        const doc = (el as HTMLIFrameElement).contentDocument!;
        const link = doc.querySelector('a')!.getBoundingClientRect();
        return {
          scrollable: doc.documentElement.scrollHeight - doc.documentElement.clientHeight,
          linkBottom: link.bottom,
          frame: el.clientHeight,
        };
      });
      // Nothing to scroll inside the frame: nothing clipped, and the last link lies inside it.
      expect(fit.scrollable).toBeLessThanOrEqual(0);
      expect(fit.linkBottom).toBeLessThanOrEqual(fit.frame);
      await page.screenshot({ path: join(SHOTS, `frame-margins-${width.width}.png`), fullPage: true });
    }

    await openFramed(page, alias.id, 'Absurdly tall');
    const tall = await page.getByTestId('message-frame').evaluate((el) => el.getBoundingClientRect().height);
    expect(tall).toBeLessThanOrEqual(16_000);
    expect(tall).toBeGreaterThan(10_000);
    await ctx.close();
  });
});

describe('signing in and pages that no longer apply', () => {
  it('a deep link while signed out lands there after the sign-in', async () => {
    const { ctx, page, alias, member } = await memberWithAlias();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.goto(`${app.url}/alias/${alias.id}/settings`);
    await page.waitForURL(/\/auth\/login\?next=/);
    await page.getByLabel('Username').fill(member.handle);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${app.url}/alias/${alias.id}/settings`);
    await page
      .getByRole('tab', { name: 'Settings' })
      .or(page.locator('.tab.is-active', { hasText: 'Settings' }))
      .waitFor();

    // Another site is never a destination.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.goto(`${app.url}/auth/login?next=${encodeURIComponent('//evil.example/x')}`);
    await page.getByLabel('Username').fill(member.handle);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(new RegExp(`^${app.url}/alias/${alias.id}/inbox$`));
    await ctx.close();
  });

  it('a registered, approved account at /account/register or /account/pending goes on to the feed', async () => {
    const { ctx, page, alias } = await memberWithAlias();
    for (const path of ['/account/register', '/account/pending', '/auth/pending']) {
      await page.goto(`${app.url}${path}`);
      await page.waitForURL(`${app.url}/alias/${alias.id}/inbox`);
    }
    await ctx.close();
  });
});

/** Waits on the server (not on live updates, which are not these tests' subject) for `n` messages. */
async function waitForTotal(page: Page, userId: number, aliasId: number, n: number) {
  // expect.poll, not page.waitForFunction: the latter takes an async predicate's promise as truthy.
  const total = () =>
    page.evaluate(
      async ([u, a]) => {
        const res = await fetch(`/api/account/${u}/alias/${a}`);
        return ((await res.json()) as { alias?: { total_count: number } }).alias?.total_count;
      },
      [userId, aliasId],
    );
  await expect.poll(total, { timeout: 90_000, interval: 1000 }).toBe(n);
}

/** Stores `n` mails in the alias over SMTP, subjects `${prefix} 1…n`, and waits for the inbox. */
async function mails(address: string, prefix: string, n: number) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: app.smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
  });
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      transport.sendMail({ from: 'Bulk <bulk@shop.example>', to: address, subject: `${prefix} ${i + 1}`, text: 'x' }),
    ),
  );
  transport.close();
}

describe('the inbox of a real reader', () => {
  it('trash shows an Undo; the Trash tab restores and empties', async () => {
    const { ctx, page, alias, member } = await memberWithAlias();
    await mails(alias.address, 'Receipt', 3);
    await waitForTotal(page, member.account.id, alias.id, 3);
    await page.goto(`${app.url}/alias/${alias.id}/inbox`);
    const rows = page.locator('.inbox .message-row');
    await rows.nth(2).waitFor({ timeout: 30_000 });

    // Trash one from the list: it leaves, and Undo in the flash brings it back.
    await page.getByLabel('Select message: Receipt 1').check();
    await page.getByRole('button', { name: 'Trash' }).click();
    await page.getByTestId('flash').filter({ hasText: 'Message moved to the trash.' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.inbox .message-row').length === 2);
    await page.screenshot({ path: join(SHOTS, 'trash-undo-1440.png') });
    await page.getByTestId('flash').getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.inbox .message-row').length === 3);

    // Trash one from its own screen, then restore it from the alias's Trash tab.
    await page.getByRole('link', { name: /Receipt 2/ }).click();
    await page.getByRole('toolbar', { name: 'Message actions' }).getByRole('button', { name: 'Trash' }).click();
    await page.waitForURL(`${app.url}/alias/${alias.id}/inbox`);
    await page.getByTestId('flash').filter({ hasText: 'Message moved to the trash.' }).waitFor();
    await page.locator('.tabs').getByRole('link', { name: 'Trash' }).click();
    await page.waitForURL(`${app.url}/alias/${alias.id}/trash`);
    await page.getByLabel('Select message: Receipt 2').check();
    await page.screenshot({ path: join(SHOTS, 'trash-tab-1440.png') });
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The trash is empty.').waitFor();
    await page.goto(`${app.url}/alias/${alias.id}/inbox`);
    await page.getByRole('link', { name: /Receipt 2/ }).waitFor();

    // Empty trash asks first, then deletes for good.
    await page.getByLabel('Select message: Receipt 3').check();
    await page.getByRole('button', { name: 'Trash' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.inbox .message-row').length === 2);
    await page.locator('.tabs').getByRole('link', { name: 'Trash' }).click();
    await page.getByLabel('Select message: Receipt 3').waitFor();
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await answerConfirm(page, 'Empty the trash?', 'Empty trash');
    await page.getByText('The trash is empty.').waitFor();
    await ctx.close();
  });

  it('with data shredding, trashing offers Undo and says when the trash is shredded', async () => {
    const member = await createMember(app.services, { packageId: 2 });
    const ctx = await browser.newContext({ viewport: DESKTOP });
    const page = await ctx.newPage();
    await signIn(page, app.url, member.handle, member.password);
    const alias = await page.evaluate(async (id) => {
      const res = await fetch(`/api/account/${id}/alias`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: '{}',
      });
      return ((await res.json()) as { alias: { id: number; address: string } }).alias;
    }, member.account.id);
    await mails(alias.address, 'Secret', 2);
    await waitForTotal(page, member.account.id, alias.id, 2);
    await page.goto(`${app.url}/alias/${alias.id}/inbox`);
    await page.locator('.inbox .message-row').nth(1).waitFor({ timeout: 30_000 });
    await page.getByLabel('Select message: Secret 1').check();
    await page.getByRole('button', { name: 'Trash' }).click();
    await page.getByTestId('flash').filter({ hasText: 'Message moved to the trash. It is shredded in 10 minutes.' }).waitFor();
    await page.getByTestId('flash').getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.inbox .message-row').length === 2);
    await ctx.close();
  });

  it('selects all N of a large alias beyond the loaded page, and marks all read', async () => {
    const { ctx, page, alias, member } = await memberWithAlias();
    await mails(alias.address, 'Newsletter', 55);
    await waitForTotal(page, member.account.id, alias.id, 55);
    await page.goto(`${app.url}/alias/${alias.id}/inbox`);
    await page.locator('.inbox .message-row').nth(49).waitFor({ timeout: 60_000 });
    expect(await page.locator('.inbox .message-row').count()).toBe(50);

    // Mark all read covers the 5 not loaded too.
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.locator('.alias-counts').filter({ hasText: '0 unread' }).waitFor();

    // Select the page, then all 55, and mark them unread.
    await page.getByLabel('Select all messages').check();
    await page.getByRole('button', { name: 'Select all 55 in this alias' }).click();
    await page.getByText('55 selected').waitFor();
    await page.screenshot({ path: join(SHOTS, 'select-all-n-1440.png') });
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await page.locator('.alias-counts').filter({ hasText: '55 unread' }).waitFor();

    // Keyboard: j moves to the first row, o opens it; j there goes to the next older one.
    await page.locator('body').press('j');
    await page.locator('body').press('o');
    await page.waitForURL(/\/message\/\d+$/);
    const first = page.url();
    await page.locator('body').press('j');
    await page.waitForURL((u) => u.href !== first && /\/message\/\d+$/.test(u.pathname));
    await page.getByRole('button', { name: 'Newer message' }).click();
    await page.waitForURL(first);
    await ctx.close();
  });
});

describe('feedback on saving', () => {
  it('says Saved after each setting, shows a rule beside its field and in the flash, and a later save clears the error', async () => {
    const member = await createMember(app.services, { packageId: 2 });
    const ctx = await browser.newContext({ viewport: DESKTOP });
    const page = await ctx.newPage();
    await signIn(page, app.url, member.handle, member.password);
    const flash = page.getByTestId('flash');

    // /alias/new: an invalid address, beside the field and in the flash, with the spec's words.
    await page.goto(`${app.url}/alias/new`);
    await page.getByLabel(/^Address/).fill('A!');
    await page.getByRole('button', { name: 'Create alias' }).click();
    const rule = addressInvalidFlash(RULE_MESSAGES.aliasHandle);
    await flash.filter({ hasText: rule }).waitFor();
    await page.locator('#new-handle-error').filter({ hasText: rule }).waitFor();
    await page.getByLabel(/^Address/).fill('');
    await page.getByRole('button', { name: 'Create a random alias' }).click();
    await page.waitForURL(/\/alias\/\d+\/inbox$/);
    const aliasId = Number(/\/alias\/(\d+)\//.exec(page.url())![1]);

    // Settings: a bad address first (danger flash), then a digest change: "Saved." replaces it.
    await page.goto(`${app.url}/alias/${aliasId}/settings`);
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('New address').fill('no spaces allowed');
    await page.getByRole('button', { name: 'Save' }).click();
    await flash.filter({ hasText: rule }).waitFor();
    await page.locator('#alias-handle-error').filter({ hasText: rule }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('A summary of new messages, mailed to you').selectOption({ index: 1 });
    await flash.filter({ hasText: FLASH.saved }).waitFor();
    expect(await flash.count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'settings-saved-1440.png') });

    // Lifespan, label, deactivate / activate: each says so.
    await page.getByTestId('flash').getByRole('button', { name: 'Close message' }).click();
    await page.getByLabel('Messages are deleted after').selectOption({ index: 0 });
    await flash.filter({ hasText: FLASH.saved }).waitFor();
    await page.getByTestId('flash').getByRole('button', { name: 'Close message' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('#alias-label').fill('Shopping');
    await page.getByRole('button', { name: 'Save' }).click();
    await flash.filter({ hasText: FLASH.saved }).waitFor();
    await page.getByTestId('flash').getByRole('button', { name: 'Close message' }).click();
    await page.getByRole('button', { name: 'Deactivate Alias' }).click();
    await answerConfirm(page, 'Deactivate this alias?', 'Deactivate');
    await flash.filter({ hasText: FLASH.saved }).waitFor();
    await page.getByTestId('flash').getByRole('button', { name: 'Close message' }).click();
    await page.getByRole('button', { name: 'Activate Alias' }).click();
    await flash.filter({ hasText: FLASH.saved }).waitFor();
    await ctx.close();
  });
});
