// Two-factor authentication end to end: set up through the Profile in Chromium, with the code an
// authenticator app would show computed here from the key the screen displays; then sign out and sign
// in with a code, and once more with a recovery code.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_PASSWORD, RESULTS, startE2e, type E2e } from './harness';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

/** Waits out the last seconds of a time step, so a computed code belongs to the step the server sees. */
async function earlyInStep(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5000) await new Promise((r) => setTimeout(r, left + 100));
}

/** Username and password, then the code the sign-in screen asks for. */
async function signInWithCode(page: Page, code: string): Promise<void> {
  await page.goto(`${e2e.app.url}/auth/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Authentication code or recovery code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/alias\/(new|\d+\/inbox)$/);
}

describe('two-factor authentication in a real browser', () => {
  it('set up on the Profile, then sign in with a code and with a recovery code', async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${e2e.app.url}/auth/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/alias\/(new|\d+\/inbox)$/);

    await page.goto(`${e2e.app.url}/account/profile`);
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByText('Off').waitFor();
    await earlyInStep();
    await section.getByRole('button', { name: 'Set up' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await section.getByLabel('Code from the app').fill(totp.generate());
    await section.getByRole('button', { name: 'Turn on' }).click();
    const items = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await items.last().waitFor();
    const codes = await items.allTextContents();
    expect(codes).toHaveLength(10);
    await page.screenshot({ path: join(RESULTS, 'two-factor-recovery-codes-1280.png'), fullPage: true });
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByText(/^On/).waitFor();

    // The code of the next step: the one that turned it on cannot be used again.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${e2e.app.url}/`);
    await signInWithCode(page, totp.generate({ timestamp: Date.now() + 30_000 }));

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${e2e.app.url}/`);
    await signInWithCode(page, codes[0]!);
    await page.goto(`${e2e.app.url}/account/profile`);
    await section.getByText('Recovery codes left: 9').waitFor();
    await ctx.close();
  });
});
