// "Confirm it's you" end to end (docs/security.md W17): with a short REAUTH_WINDOW_MS, a token
// created on the Profile from a session signed in a moment too long ago opens the dialog; a wrong
// password keeps it open, the right one confirms the session and the token is created without a
// second click. Cancel leaves nothing created.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- e2e/reauth.spec.ts
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCESS_MSG, API_TOKEN_MSG } from '@app/shared';
import type { EmbeddedHandle } from '@app/embedded';
import { ADMIN_PASSWORD, RESULTS, signIn, startE2e, type E2e } from './harness';

/** Short, so a session is stale a moment after signing in. */
const WINDOW_MS = 1000;

let e2e: E2e;
let app: EmbeddedHandle;
let browser: Browser;

beforeAll(async () => {
  e2e = await startE2e({ REAUTH_WINDOW_MS: String(WINDOW_MS) });
  ({ app, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
});

/** Waits out the window: the session's last confirmation is then older than REAUTH_WINDOW_MS. */
const goStale = (page: Page) => page.waitForTimeout(WINDOW_MS + 200);

async function askForToken(page: Page, label: string) {
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByLabel('Label').fill(label);
  await goStale(page);
  await section.getByRole('button', { name: 'Create token' }).click();
  return section;
}

describe('Confirm it’s you, in a real browser', () => {
  it('a stale session creating a token is asked for the password once, then the token is created', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, app.url);
    await page.goto(`${app.url}/account/profile`);
    await page.getByRole('region', { name: 'API tokens' }).getByText('No API tokens yet.').waitFor();
    const section = await askForToken(page, 'confirmed script');

    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.waitFor();
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('flash').filter({ hasText: ACCESS_MSG.wrongCurrentPassword }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.screenshot({ path: join(RESULTS, 'reauth-dialog.png') });

    await dialog.getByLabel('Your password').fill(ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('flash').filter({ hasText: API_TOKEN_MSG.created }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await section.getByLabel('New API token').waitFor();
    await section.locator('tr[data-api-token="confirmed script"]').waitFor();
    await ctx.close();
  });

  it('Cancel closes the dialog and creates nothing', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, app.url);
    await page.goto(`${app.url}/account/profile`);
    await page.getByRole('region', { name: 'API tokens' }).locator('tr[data-api-token="confirmed script"]').waitFor();
    const section = await askForToken(page, 'cancelled script');
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await section.getByLabel('New API token').count()).toBe(0);
    const list = await page.evaluate(
      async () => (await (await fetch('/api/account/1/tokens')).json()) as { tokens: Array<{ label: string }> },
    );
    expect(list.tokens.map((t) => t.label)).toEqual(['confirmed script']);
    await ctx.close();
  });
});
