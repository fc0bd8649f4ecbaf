// The verification code at a glance in a real browser: a sign-up mail sent over SMTP shows "Copy
// code" and "Confirm" on its inbox row and above its body; the chip copies the code (by keyboard).
//
//   pnpm --filter @app/web build && cd apps/web && npx vitest run --config vitest.e2e.config.ts e2e/verification.spec.ts
//
// Screenshots (inbox and message, 1440 and 375 px, light and dark) go to apps/web/test-results/.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import nodemailer from 'nodemailer';
import { addAliasFromSidebar, RESULTS, signIn, startE2e, type E2e } from './harness';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e?.close());

async function sendVerificationMail(to: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e2e.app.smtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: 'Shopwise <hello@shopwise.example>',
    to,
    subject: 'Confirm your Shopwise account',
    text: 'Welcome! Your verification code is 482 913.\n\nOr confirm your email address: https://shopwise.example/confirm?token=abc\n',
    html:
      '<p>Welcome! Your verification code is <b>482 913</b>.</p>' +
      '<p><a href="https://shopwise.example/confirm?token=abc">Confirm email address</a></p>' +
      '<p><a href="https://shopwise.example/unsubscribe">Unsubscribe</a></p>',
  });
  await transport.sendMail({ from: 'friend@mail.example', to, subject: 'Lunch on Friday?', text: 'Shall we meet at 12:30?' });
  transport.close();
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the verification code at a glance', () => {
  it('shows Copy code and Confirm on the inbox row and the message; the chip copies the code', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.app.url });
    const page = await context.newPage();
    await signIn(page, e2e.app.url);
    const alias = await addAliasFromSidebar(page);
    await sendVerificationMail(alias.address);

    const row = page.locator('.message-row', { hasText: 'Confirm your Shopwise account' });
    await row.waitFor({ timeout: 20_000 });
    await page.locator('.message-row', { hasText: 'Lunch on Friday?' }).waitFor();
    // The other mail has neither.
    await expect(
      page.locator('.message-row', { hasText: 'Lunch on Friday?' }).locator('.verification-actions').count(),
    ).resolves.toBe(0);

    const chip = row.getByRole('button', { name: 'Copy code 482913' });
    const confirm = row.getByRole('link', { name: 'Confirm', exact: true });
    await expect(confirm.getAttribute('href')).resolves.toBe('https://shopwise.example/confirm?token=abc');
    await expect(confirm.getAttribute('target')).resolves.toBe('_blank');
    await expect(confirm.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await page.screenshot({ path: join(RESULTS, 'verification-inbox-1440.png'), fullPage: true });

    // Keyboard: the chip is reached with Tab from the row's link and copies on Enter.
    await row.locator('.message-link').focus();
    await page.keyboard.press('Tab');
    await expect(chip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await row.locator('.code-chip.is-copied', { hasText: 'Copied!' }).waitFor();
    await expect(clipboard(page)).resolves.toBe('482913');
    // Copying did not open the message.
    expect(page.url()).toMatch(/\/inbox$/);

    // The message screen shows the same above the body.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await row.locator('.message-link').click();
    await page.waitForURL(/\/message\/\d+$/);
    const actions = page.locator('.message-verification');
    await actions.getByRole('button', { name: 'Copy code 482913' }).click();
    await actions.locator('.code-chip.is-copied', { hasText: 'Copied!' }).waitFor();
    await expect(clipboard(page)).resolves.toBe('482913');
    await expect(actions.getByRole('link', { name: 'Confirm', exact: true }).getAttribute('href')).resolves.toBe(
      'https://shopwise.example/confirm?token=abc',
    );
    await page.screenshot({ path: join(RESULTS, 'verification-message-1440.png'), fullPage: true });

    // Phone width and the dark scheme.
    const inbox = page.url().replace(/\/message\/\d+$/, '/inbox');
    const message = page.url();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(inbox);
        await page.locator('.message-row .code-chip').waitFor();
        await page.screenshot({ path: join(RESULTS, `verification-inbox-${width}-${scheme}.png`), fullPage: true });
        await page.goto(message);
        await page.locator('.message-verification .code-chip').waitFor();
        await page.screenshot({ path: join(RESULTS, `verification-message-${width}-${scheme}.png`), fullPage: true });
      }
    }
    await context.close();
  });
});
