// The sidebar end to end (docs/product.md §2 "Sidebar"): the built SPA on the one-process app, real SMTP
// over loopback, Debian's Chromium. An alias made for a site shows it (named in the Add Alias dialog,
// or learned from its first sender); filter, sort (remembered) and pin; the dialog creates with a
// label; a trashed alias is restored from its own list. Screenshots at 375 and 1440 px, light and dark.
//
//   pnpm --filter @app/web build && cd apps/web && npx vitest run --config vitest.e2e.config.ts e2e/sidebar.spec.ts
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import nodemailer from 'nodemailer';
import { addAliasFromSidebar, createRandomAlias, RESULTS, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

/** A wait on UI state; a reload on a busy machine takes more than expect.poll's default second. */
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 800 } } as const;

/** The screen in both themes at both widths; at 375 px the sidebar is opened first when asked. */
async function shoot(page: Page, name: string, openSidebar = false) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      const toggle = page.locator('.sidebar-toggle');
      if (openSidebar && size === 'phone' && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await page.screenshot({ path: join(RESULTS, `sidebar-${name}-${size}-${scheme}.png`) });
      if (openSidebar && size === 'phone') await toggle.click();
    }
  }
  await page.setViewportSize(SIZES.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function send(to: string, from: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ from, to, subject: 'Welcome aboard', text: 'Thanks for signing up.' });
  } finally {
    transport.close();
  }
}

describe('the sidebar: aliases that know their site', () => {
  it('shows the site, filters, sorts, pins, creates from the dialog and restores from the trash', async () => {
    const context = await browser().newContext({ viewport: SIZES.desktop });
    const page = await context.newPage();
    await signIn(page, e2e.app.url);
    const sidebar = page.getByRole('complementary', { name: 'Your aliases' });
    const row = (id: number) => sidebar.locator(`[data-alias-id="${id}"]`);
    const names = () => sidebar.locator('.alias-row .alias-name').allTextContents();
    const site = (scope: Locator) => scope.getByTestId('alias-site').locator('.alias-site-name').first().textContent();

    // 1. Add Alias opens a dialog first; Cancel spends nothing, and it links to the custom form.
    const count = async () => sidebar.locator('.alias-row').count();
    const before = await count();
    await sidebar.getByRole('button', { name: 'Add Alias', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New alias', exact: true });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Choose the address…', exact: true }).getAttribute('href')).toBe('/alias/new');
    await dialog.getByLabel('For which site? (optional)', { exact: true }).fill('accounts.shop.example');
    await shoot(page, 'add-dialog');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(await count()).toBe(before);

    // 2. Made for a site: the site's organisation shows under its name, in the header and the sidebar.
    const shop = await addAliasFromSidebar(page, 'accounts.shop.example');
    await poll(() => site(page.locator('.alias-header'))).toBe('shop.example');
    await poll(() => site(row(shop.id))).toBe('shop.example');

    // 3. Made with a name (any plan may label): the name is the alias's label.
    const news = await addAliasFromSidebar(page, 'Newsletters');
    await poll(() => page.locator('.alias-title').textContent()).toBe('Newsletters');
    await poll(() => row(news.id).locator('.alias-name').textContent()).toBe('Newsletters');
    expect(await row(news.id).getByTestId('alias-site').count()).toBe(0);

    // 4. No site named: the first sender's organisation is learned and shown.
    const plain = await createRandomAlias(page, 1);
    await send(plain.address, 'Paper <hello@mail.paper.example>');
    await page.goto(`${e2e.app.url}/alias/${shop.id}/inbox`);
    await poll(() => site(row(plain.id)), 20_000).toBe('paper.example');
    await shoot(page, 'sites', true);

    // 5. Filter by site, label or address.
    const filter = sidebar.getByRole('searchbox', { name: 'Filter aliases', exact: true });
    await filter.fill('shop');
    await poll(names).toEqual([shop.address.split('@')[0]]);
    await filter.fill('NEWS');
    await poll(names).toEqual(['Newsletters']);
    await filter.fill(plain.address);
    await poll(() => sidebar.locator('.alias-row').count()).toBe(1);
    await filter.fill('nothing-like-this');
    await poll(() => sidebar.getByText('No alias matches “nothing-like-this”.', { exact: true }).count()).toBe(1);
    await filter.fill('');

    // 6. Sort by name, remembered after a reload.
    const sort = sidebar.getByRole('combobox', { name: 'Sort aliases', exact: true });
    await sort.selectOption('name');
    const noMessages = sidebar.getByRole('navigation', { name: 'No Messages', exact: true });
    const byName = async () => noMessages.locator('.alias-name').allTextContents();
    await expect
      .poll(async () => {
        const n = await byName();
        return n.length > 1 && n.every((x, i) => i === 0 || n[i - 1]!.localeCompare(x) <= 0);
      })
      .toBe(true);
    await page.reload();
    await poll(() => sort.inputValue()).toBe('name');
    await sort.selectOption('recent');

    // 7. Pin: the alias moves to the Pinned group, and stays there after a reload (stored with the alias).
    await sidebar.getByRole('button', { name: `Pin ${news.address}`, exact: true }).click();
    const pinned = sidebar.getByRole('navigation', { name: 'Pinned', exact: true });
    await poll(() => pinned.locator('.alias-name').allTextContents()).toEqual(['Newsletters']);
    expect(await sidebar.getByRole('button', { name: `Pin ${news.address}`, exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.reload();
    await poll(() => pinned.locator('.alias-name').allTextContents()).toEqual(['Newsletters']);
    await shoot(page, 'pinned', true);
    await sidebar.getByRole('button', { name: `Pin ${news.address}`, exact: true }).click();
    await poll(() => pinned.count()).toBe(0);

    // 8. Trash the shop alias; it leaves the sidebar and is restored from the trashed aliases' list.
    const trashed = await page.evaluate(
      async (id) =>
        (
          await fetch(`/api/account/1/alias/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
            body: JSON.stringify({ is_trashed: 1 }),
          })
        ).status,
      shop.id,
    );
    expect(trashed).toBe(200);
    await page.reload();
    await poll(() => row(shop.id).count()).toBe(0);
    await sidebar.getByRole('link', { name: 'Trashed aliases', exact: true }).click();
    await page.waitForURL(/\/aliases\/trash$/);
    const list = page.getByRole('list', { name: 'Trashed aliases', exact: true });
    await poll(() => list.getByText(shop.address, { exact: true }).count()).toBe(1);
    await poll(() => site(list)).toBe('shop.example');
    await shoot(page, 'trash');
    await list.getByRole('button', { name: `Restore ${shop.address}`, exact: true }).click();
    await poll(() => row(shop.id).count()).toBe(1);
    await poll(() => page.getByText('The trash is empty.', { exact: true }).count()).toBe(1);

    await context.close();
  });
});

const browser = () => e2e.browser;
