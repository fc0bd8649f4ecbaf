// What every browser test stands on: the built SPA served by the one-process app on a fresh
// DATA_DIR (embedded PGlite and the in-process queue, or, with DATABASE_URL set, a fresh Postgres
// database of its own and BullMQ), and Debian's Chromium.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createScratchDatabase } from '@app/db/testing';
import { startEmbedded, type EmbeddedHandle } from '@app/embedded';

export const WEB = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS = join(WEB, 'test-results');
export const ADMIN_PASSWORD = 'e2e-Admin-Passw0rd';
export const PUBLIC_URL = 'http://127.0.0.1:3000';

export interface E2e {
  app: EmbeddedHandle;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts the app with only these variables (plus `env`), so the admin password is ours whatever
 * the environment of the run holds, and launches Chromium.
 */
export async function startE2e(
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof startEmbedded>[1] & object, 'pushPolicy'> = {},
): Promise<E2e> {
  if (!existsSync(join(WEB, 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `pnpm --filter @app/web build` first');
  }
  mkdirSync(RESULTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'alias-e2e-'));
  const database = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'alias_e2e') : null;
  // Runs sharing a Redis keep their queues, events and rate limits apart (a queue prefix of their own).
  const app = await startEmbedded(
    {
      ...(database
        ? {
            DATABASE_URL: database.url,
            MASTER_KEY: randomBytes(32).toString('base64'),
            ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
          }
        : {}),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '0',
      IMAP_PORT: '0',
      POP3_PORT: '0',
      MAIL_DOMAIN: 'alias.localhost',
      PUBLIC_URL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    { queuePrefix: `e2e-${randomBytes(6).toString('hex')}`, ...options },
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    app,
    browser,
    async close() {
      await browser.close();
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A random alias for the signed-in page's account, created through the API as the SPA does. */
export async function createRandomAlias(page: Page, accountId: number): Promise<{ id: number; address: string }> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/account/${id}/alias`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: '{}',
    });
    return ((await res.json()) as { alias: { id: number; address: string } }).alias;
  }, accountId);
}

/** Signs in through the login screen and waits for the feed's destination (All mail once there is mail). */
export async function signIn(page: Page, url: string, handle = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Username').fill(handle);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/(alias\/(new|\d+\/inbox)|mail)$/);
}

/**
 * Creates an alias with the sidebar's Add Alias dialog (optionally for a site or name) and waits for
 * its inbox. The page may show another alias's inbox already (the feed opens the latest), so the
 * wait is for a new address bar.
 */
export async function addAliasFromSidebar(page: Page, forWhat?: string): Promise<{ id: number; address: string }> {
  const before = page.url();
  await page.getByRole('complementary', { name: 'Your aliases' }).getByRole('button', { name: 'Add Alias', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New alias', exact: true });
  if (forWhat) await dialog.getByLabel('For which site? (optional)', { exact: true }).fill(forWhat);
  await dialog.getByRole('button', { name: 'Create alias', exact: true }).click();
  await page.waitForURL((url) => /\/alias\/\d+\/inbox$/.test(url.pathname) && url.href !== before);
  const id = Number(/\/alias\/(\d+)\/inbox$/.exec(page.url())![1]);
  const address = (await page.locator('.alias-full-address').textContent())!.trim();
  return { id, address };
}

/**
 * Answers the in-app confirmation (never the browser's confirm()): waits for the dialog titled
 * `title`, then clicks its `action` button, or Cancel. Returns the dialog's text, what it said would happen.
 */
export async function answerConfirm(page: Page, title: string, action: string | null): Promise<string> {
  const dialog = page.getByRole('alertdialog', { name: title, exact: true });
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: action ?? 'Cancel', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}
