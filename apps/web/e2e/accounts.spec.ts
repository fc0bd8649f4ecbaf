// Accounts end to end: the built SPA served by the one-process app (embedded PGlite,
// in-process queue, a fresh DATA_DIR), a local SMTP capture server as the outbound relay, and
// Debian's Chromium.
//
//   pnpm --filter @app/web build && pnpm --filter @app/web test:e2e
//
// With DATABASE_URL / REDIS_URL set it runs on a fresh Postgres database of its own (created on
// that server and dropped afterwards) and BullMQ; else on the embedded defaults.
//
// Screenshots of the new screens are written to apps/web/test-results/.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCESS_MSG, FLASH, profileFlash, RULE_MESSAGES } from '@app/shared';
import type { EmbeddedHandle } from '@app/embedded';
import { ADMIN_PASSWORD, PUBLIC_URL, RESULTS, signIn as signInAs, startE2e, type E2e } from './harness';
import { linkIn, type SmtpCapture, startSmtpCapture } from '@app/testing';
// The same stand-in relay as the API tests (smtp-server on loopback).

let e2e: E2e;
let app: EmbeddedHandle;
let relay: SmtpCapture;
let browser: Browser;

beforeAll(async () => {
  relay = await startSmtpCapture();
  e2e = await startE2e({ SMTP_RELAY_URL: relay.url });
  ({ app, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
  await relay?.close();
});

const signIn = (page: Page, handle: string, password: string) => signInAs(page, app.url, handle, password);

/** Waits for the flash bar to show exactly `text`. */
async function flash(page: Page, text: string) {
  await page.getByTestId('flash').filter({ hasText: text }).waitFor();
}

describe('accounts and access in a real browser', () => {
  const invitee = {
    name: 'Ada Lovelace',
    email: 'ada@invitee.example',
    handle: 'ada_lovelace',
    password: 'analytical-engine-1843',
  };

  it('invite → redeem → register → feed', async () => {
    // The admin sends an invitation from the Invitations tab.
    const adminCtx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminCtx.newPage();
    await signIn(admin, 'admin', ADMIN_PASSWORD);
    await admin.getByRole('link', { name: 'Account', exact: true }).click();
    await admin.getByRole('link', { name: 'Invitations' }).click();
    await admin.waitForURL(/\/account\/invitations$/);
    const form = admin.getByRole('region', { name: 'Send an invitation' });
    await form.getByLabel('Name').fill(invitee.name);
    await form.getByLabel('Email').fill(invitee.email);
    await form.getByLabel('Message').fill('Welcome aboard!');
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await flash(admin, ACCESS_MSG.invitationSent);
    const row = admin.locator(`tr[data-invitation="${invitee.email}"]`);
    await row.getByText('Unclaimed').waitFor();
    await admin.screenshot({ path: join(RESULTS, 'invitations-1280.png'), fullPage: true });

    // The relay captured the mail; its link is built from PUBLIC_URL.
    const mail = await relay.waitFor(invitee.email);
    const { link, code } = linkIn(mail, 'redeem');
    expect(link).toBe(`${PUBLIC_URL}/auth/redeem/${code}`);

    // The invitee opens it in their own browser: redeemed, then asked for a username and password.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${app.url}/auth/redeem/${code}`);
    await page.waitForURL(/\/account\/register$/);
    await page.getByRole('heading', { name: 'Complete your registration' }).waitFor();
    await page.screenshot({ path: join(RESULTS, 'register-1280.png'), fullPage: true });

    // A username that breaks the rule: the server's exact message in the flash.
    await page.getByLabel('Username', { exact: true }).fill('ab');
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await flash(page, profileFlash('username', RULE_MESSAGES.accountHandle));
    expect(page.url()).toMatch(/\/account\/register$/);

    // A good one: registered, and the feed (no aliases yet) leads to creating the first alias.
    await page.getByLabel('Username', { exact: true }).fill(invitee.handle);
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await page.waitForURL(/\/alias\/new$/);
    await expect(page.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);

    // The used link now explains itself instead of a blank page.
    const again = await ctx.newPage();
    await again.goto(`${app.url}/auth/redeem/${code}`);
    await again.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    await again.locator('#main .lead').filter({ hasText: ACCESS_MSG.invalidInvitation }).waitFor();
    await again.close();

    // The admin sees it claimed, and the new account in Users.
    await admin.reload();
    await row.getByText('Claimed').waitFor();
    await admin.goto(`${app.url}/admin/users`);
    await admin.locator(`tr[data-user="${invitee.handle}"]`).getByText('Approved').waitFor();
    await admin.screenshot({ path: join(RESULTS, 'admin-users-1280.png'), fullPage: true });
    await adminCtx.close();

    // Signing in again works with the chosen password.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await signIn(page, invitee.handle, invitee.password);
    await ctx.close();
  });

  it('a refused sign-in says why beside the password, with the cursor there, and the error does not follow the user in', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/auth/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const password = page.getByLabel('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby'))!;
    expect((await page.locator(`#${describedBy}`).textContent())!.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.screenshot({ path: join(RESULTS, 'login-refused-375.png') });

    await password.fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/alias\/(new|\d+\/inbox)$/);
    // The refusal's flash is gone the moment the app opens.
    expect(
      await page
        .getByTestId('flash')
        .filter({ has: page.getByRole('alert') })
        .count(),
    ).toBe(0);
    expect(await page.locator('.flash-danger').count()).toBe(0);
    await context.close();
  });

  it('profile: a wrong current password shows its flash; name saves; e-mail gets the permanent notice', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, invitee.handle, invitee.password);
    await page.goto(`${app.url}/account/profile`);
    await page.getByRole('heading', { name: `${invitee.name}'s Account` }).waitFor();

    // Username with a wrong current password.
    const username = page.getByRole('region', { name: 'Username' });
    await username.getByRole('button', { name: 'Edit username' }).click();
    const save = username.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true); // unchanged
    await username.getByLabel('New username').fill('ada_renamed');
    await username.getByLabel('Current password').fill('not-my-password');
    await save.click();
    await flash(page, ACCESS_MSG.wrongCurrentPassword);
    await page.screenshot({ path: join(RESULTS, 'profile-wrong-password-1280.png'), fullPage: true });
    // Nothing changed: still editing, the username as it was.
    await username.getByRole('button', { name: 'Cancel' }).click();
    await username.getByText(invitee.handle).waitFor();

    // A password change without the current password: docs/product.md §5's flash.
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByRole('button', { name: 'Edit password' }).click();
    await password.getByLabel('New password').fill('another-password-1');
    await password.getByRole('button', { name: 'Save' }).click();
    await flash(page, FLASH.needPasswordForPassword);
    await password.getByRole('button', { name: 'Cancel' }).click();

    // The name: generated, then saved; the header follows.
    const name = page.getByRole('region', { name: 'Profile name' });
    await name.getByRole('button', { name: 'Edit profile name' }).click();
    await name.getByLabel('Name', { exact: true }).fill('Countess Ada');
    await name.getByRole('button', { name: 'Save' }).click();
    await flash(page, ACCESS_MSG.nameSaved);
    await page.getByRole('heading', { name: "Countess Ada's Account" }).waitFor();

    // The e-mail cannot be changed yet: the permanent notice, and the address stays.
    const email = page.getByRole('region', { name: 'Email' });
    await email.getByRole('button', { name: 'Edit email' }).click();
    await email.getByLabel('New email').fill('ada@elsewhere.example');
    await email.getByLabel('Current password').fill(invitee.password);
    await email.getByRole('button', { name: 'Save' }).click();
    await email.getByRole('status').filter({ hasText: FLASH.cannotChangeEmail }).waitFor();
    await email.getByRole('button', { name: 'Cancel' }).click();
    await email.getByText(invitee.email).waitFor();
    await page.screenshot({ path: join(RESULTS, 'profile-1280.png'), fullPage: true });
    await ctx.close();
  });

  it('admin tests: Send Test Email shows its result; a member cannot open admin screens', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${app.url}/admin/tests`);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await page.locator('.test-result').filter({ hasText: FLASH.emailSent }).waitFor();
    await relay.waitFor('admin@alias.localhost');
    await ctx.close();

    const member = await browser.newContext();
    const mp = await member.newPage();
    await signIn(mp, invitee.handle, invitee.password);
    await mp.goto(`${app.url}/admin/users`);
    await mp.waitForURL(/\/x$/);
    await member.close();
  });
});
