// Export and import on screen (docs/product.md §2 "Alias settings", §7 "Export and import"): an alias's mail downloaded
// as .mbox from its settings, imported into another alias through the file input, and listed there.
//
//   pnpm --filter @app/web build && cd apps/web && pnpm exec vitest run --config vitest.e2e.config.ts e2e/export-import.spec.ts
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedHandle } from '@app/embedded';
import { createRandomAlias, signIn, startE2e, type E2e } from './harness';
import { createMember } from '@app/testing';

let e2e: E2e;
let app: EmbeddedHandle;
let browser: Browser;

beforeAll(async () => {
  e2e = await startE2e();
  ({ app, browser } = e2e);
});
afterAll(() => e2e?.close());

describe('export and import screens', () => {
  it('exports an alias as .mbox, imports it into another alias, and lists the messages there', async () => {
    const member = await createMember(app.services);
    const ctx = await browser.newContext({ acceptDownloads: true });
    const page = await ctx.newPage();
    await signIn(page, app.url, member.handle, member.password);
    const source = await createRandomAlias(page, member.account.id);
    const target = await createRandomAlias(page, member.account.id);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
    for (const subject of ['First exported', 'Second exported']) {
      await transport.sendMail({
        from: 'Sender <sender@example.test>',
        to: source.address,
        subject,
        text: `From here\n${subject}`,
      });
    }
    transport.close();
    await page.goto(`${app.url}/alias/${source.id}/inbox`);
    await page.getByText('Second exported').first().waitFor();

    await page.goto(`${app.url}/alias/${source.id}/settings`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export mail (.mbox)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${source.address}.mbox`);
    const file = await download.path();
    const mbox = readFileSync(file, 'latin1');
    expect(mbox.match(/^From /gm)).toHaveLength(2);
    expect(mbox).toContain('\n>From here');

    await page.goto(`${app.url}/alias/${target.id}/settings`);
    await page.getByTestId('import-mbox').setInputFiles(file);
    await expect.poll(() => page.getByTestId('import-result').textContent()).toBe('Imported 2 message(s); 0 already here.');

    await page.goto(`${app.url}/alias/${target.id}/inbox`);
    await page.getByText('First exported').first().waitFor();
    await page.getByText('Second exported').first().waitFor();

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.goto(`${app.url}/account/profile`);
        await page.getByRole('link', { name: 'Export all my data (.zip)' }).click();
      })(),
    ]);
    expect(zip.suggestedFilename()).toBe(`${member.handle}-export.zip`);
    expect(
      readFileSync(await zip.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await ctx.close();
  });
});
