// Spam scoring in the browser (docs/spam.md), against a real Rspamd (scripts/rspamd.sh): a GTUBE
// message shows "Likely spam" in the inbox and on its screen; "Spam" moves it to the alias's Spam
// tab, "Not spam" back; the account and alias settings choose the spam mode.
//
// Screenshots (inbox, message, Spam tab, settings at 1440 and 375 px, light and dark) go to
// apps/web/test-results/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAliasFromSidebar, RESULTS, signIn, startE2e, type E2e } from './harness';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const RSPAMD_URL = process.env.RSPAMD_URL ?? 'http://127.0.0.1:11333';
const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } };

let e2e: E2e;

async function pings(): Promise<boolean> {
  try {
    return (await fetch(new URL('/ping', RSPAMD_URL), { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  // As the API tests: with RSPAMD_URL set Rspamd must answer; without it the local one is started.
  if (!(await pings())) {
    if (process.env.RSPAMD_URL) throw new Error(`RSPAMD_URL is set (${RSPAMD_URL}) but Rspamd does not answer there`);
    execFileSync(join(ROOT, 'scripts/rspamd.sh'), ['start'], { stdio: 'pipe' });
  }
  const password = process.env.RSPAMD_PASSWORD ?? readFileSync(join(ROOT, 'infra/rspamd/test-password'), 'utf8').trim();
  e2e = await startE2e({ RSPAMD_URL, RSPAMD_PASSWORD: password });
});
afterAll(() => e2e?.close());

async function send(to: string, subject: string, text: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ from: 'Deals <deals@shop.example>', to, subject, text });
  } finally {
    transport.close();
  }
}

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(RESULTS, `spam-${name}-${size}-${scheme}.png`), fullPage: false });
    }
  }
  await page.setViewportSize(SIZES.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('spam in the browser', () => {
  it('GTUBE is marked likely spam; Spam moves it to the Spam tab, Not spam back', async () => {
    const page = await e2e.browser.newPage({ viewport: SIZES.desktop });
    await signIn(page, e2e.app.url);
    const alias = await addAliasFromSidebar(page);
    await send(alias.address, 'You won a prize', `Claim it now.\n${GTUBE}\n`);
    await send(alias.address, 'Garden club', 'The garden club meets on Thursday at the library hall.');
    await page.reload();
    const row = page.locator('.message-row', { hasText: 'You won a prize' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.locator('.message-row', { hasText: 'Garden club' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await row.locator('.badge-warning').innerText()).toBe('Likely spam');
    expect(await page.locator('.message-row', { hasText: 'Garden club' }).locator('.badge-warning').count()).toBe(0);
    await shoot(page, 'inbox');

    await row.locator('a.message-link').click();
    await page.waitForURL(/\/message\/\d+$/);
    expect(await page.locator('.spam-notice').innerText()).toMatch(/Likely spam \(score 15\.0\)/);
    await shoot(page, 'message');

    await page.getByRole('button', { name: 'Spam', exact: true }).click();
    await page.waitForURL(/\/alias\/\d+\/spam$/);
    const spamRow = page.locator('.message-row', { hasText: 'You won a prize' });
    await expect.poll(() => spamRow.count(), { timeout: 10_000 }).toBe(1);
    await shoot(page, 'folder');

    await spamRow.locator('a.message-link').click();
    await page.waitForURL(/\/message\/\d+$/);
    await page.getByRole('button', { name: 'Not spam', exact: true }).click();
    await page.waitForURL(/\/alias\/\d+\/inbox$/);
    await expect.poll(() => page.locator('.message-row', { hasText: 'You won a prize' }).count(), { timeout: 10_000 }).toBe(1);
    await page.close();
  });

  it('the alias setting and the profile setting choose the spam mode', async () => {
    const page = await e2e.browser.newPage({ viewport: SIZES.desktop });
    await signIn(page, e2e.app.url);
    const alias = await addAliasFromSidebar(page);
    await page.goto(`${e2e.app.url}/alias/${alias.id}/settings`);
    const select = page.locator('#alias-spam');
    await select.selectOption('move');
    await expect.poll(() => select.inputValue()).toBe('move');
    await select.scrollIntoViewIfNeeded();
    await shoot(page, 'alias-settings');
    await send(alias.address, 'Prize again', GTUBE);
    await page.goto(`${e2e.app.url}/alias/${alias.id}/spam`);
    await expect
      .poll(
        async () => {
          // The folder is read after the page loads: wait for its list or its empty state before counting.
          await page.reload();
          await page.locator('.spam-folder .message-list, .spam-folder .empty-state').first().waitFor();
          return page.locator('.message-row', { hasText: 'Prize again' }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);

    await page.goto(`${e2e.app.url}/account/profile`);
    const mode = page.getByLabel('Mail the spam filter scores as spam');
    await mode.selectOption('refuse');
    await expect.poll(() => mode.inputValue()).toBe('refuse');
    await page.getByRole('heading', { name: 'Spam' }).scrollIntoViewIfNeeded();
    await shoot(page, 'profile');
    await page.close();
  });
});
