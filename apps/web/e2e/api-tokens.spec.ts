// API tokens end to end (docs/product.md §2, §7): a token created on the Profile screen is read off
// the screen and used by a plain HTTP client (Node's fetch, no cookie) to list aliases; revoking it
// on the screen stops it. The API reference at /api/docs renders in Chromium from local files only.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e -- e2e/api-tokens.spec.ts
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_ACCOUNT_ID, API_TOKEN_MSG, API_TOKEN_PREFIX } from '@app/shared';
import type { EmbeddedHandle } from '@app/embedded';
import { RESULTS, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;
let app: EmbeddedHandle;
let browser: Browser;

beforeAll(async () => {
  e2e = await startE2e();
  ({ app, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
});

describe('API tokens in a real browser', () => {
  it('creates a token on the Profile screen, uses it with fetch, then revokes it', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, app.url);
    await page.goto(`${app.url}/account/profile`);
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.getByText('No API tokens yet.').waitFor();
    await section.getByLabel('Label').fill('e2e script');
    await section.getByLabel('Scope').selectOption('read');
    await section.getByRole('button', { name: 'Create token' }).click();
    await page.getByTestId('flash').filter({ hasText: API_TOKEN_MSG.created }).waitFor();
    const shown = section.getByLabel('New API token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    await section.locator('tr[data-api-token="e2e script"]').waitFor();
    await page.screenshot({ path: join(RESULTS, 'api-tokens.png'), fullPage: true });

    const aliases = `${app.url}/api/account/${ADMIN_ACCOUNT_ID}/aliases`;
    const res = await fetch(aliases, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; aliases: unknown[] };
    expect(body.success).toBe(true);
    expect(Array.isArray(body.aliases)).toBe(true);

    await section.getByRole('button', { name: 'Revoke e2e script' }).click();
    await section.getByText('No API tokens yet.').waitFor();
    expect((await fetch(aliases, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    await ctx.close();
  });

  it('/api/docs renders the reference with the route names, loading nothing from elsewhere', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const elsewhere: string[] = [];
    const violations: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${app.url}/`) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${app.url}/api/docs`);
    await page.getByText('/api/account/{id}/aliases', { exact: true }).first().waitFor();
    await page.getByText('/api/account/{id}/tokens', { exact: true }).first().waitFor();
    await page.screenshot({ path: join(RESULTS, 'api-docs.png') });
    expect(elsewhere).toEqual([]);
    expect(violations).toEqual([]);
    await ctx.close();
  });
});
