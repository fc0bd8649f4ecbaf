// Passkeys in a real browser: Chromium's virtual WebAuthn authenticator (DevTools protocol) stands in
// for the device, so the ceremonies are the browser's own. WebAuthn wants a secure context and a
// domain for its relying party, so this app is served as http://localhost:<port>, not 127.0.0.1.
//
//   pnpm --filter @app/web build && cd apps/web && pnpm exec vitest run --config vitest.e2e.config.ts e2e/passkeys.spec.ts
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { RESULTS, answerConfirm, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;
let base: string;

/** A port free on loopback now, so PUBLIC_URL can name it before the app listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  e2e = await startE2e({ PORT: String(port), PUBLIC_URL: base });
});

afterAll(async () => {
  await e2e?.close();
});

/** A page whose browser has a platform authenticator that holds passkeys and verifies its user. */
async function pageWithAuthenticator(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${base}/`);
}

describe('passkeys in a real browser', () => {
  it('registers a passkey on the Profile, then signs in with it alone', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await pageWithAuthenticator(context);
    await signIn(page, base);

    await page.goto(`${base}/account/profile`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel('Name of the new passkey').fill('Laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByTestId('flash').filter({ hasText: 'Passkey added.' }).waitFor();
    const list = section.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Laptop').waitFor();

    await list.getByRole('button', { name: 'Rename Laptop' }).click();
    await list.getByLabel('Passkey name').fill('Work laptop');
    await list.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Work laptop').waitFor();
    await page.screenshot({ path: join(RESULTS, 'passkeys-profile.png') });

    // Signed out, the passkey alone signs in: no username, no password.
    await logout(page);
    await page.goto(`${base}/auth/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/alias\/(new|\d+\/inbox)$/);
    await page.goto(`${base}/account/profile`);
    await expect(section.getByText(/last used/).textContent()).resolves.toMatch(/last used/);

    // The password alone now asks for the passkey, which the screen offers.
    await logout(page);
    await page.goto(`${base}/auth/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('e2e-Admin-Passw0rd');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(/\/alias\/(new|\d+\/inbox)$/);

    // Removed, it is gone from the list.
    await page.goto(`${base}/account/profile`);
    await list.getByRole('button', { name: 'Remove Work laptop' }).click();
    await answerConfirm(page, 'Remove the passkey Work laptop?', 'Remove passkey');
    await page.getByTestId('flash').filter({ hasText: 'Passkey removed.' }).waitFor();
    // The list is read again after the removal; it goes once that answer is in.
    await list.waitFor({ state: 'detached' });
    await expect(list.count()).resolves.toBe(0);
    await context.close();
  });
});
