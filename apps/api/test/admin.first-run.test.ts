import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '@app/db/testing';
import { loadConfig } from '@app/runtime';
import { publicAddressSet } from '../src/routes/admin/public-address';
import { createMember, startSmtpCapture, type SmtpCapture } from '@app/testing';
import { as, build, login, type TestApp } from './helpers';

// The checklist reads the admin's own state (account 1), which this file changes: its password and
// second factor. So it runs on a database of its own, never the one other files share.
describe("the admin's first-run checklist (docs/product.md §4 First run)", () => {
  let database: ScratchDatabase | undefined;
  let relay: SmtpCapture;
  let t: TestApp;
  const env = (over: Record<string, string> = {}) => ({
    ...(database ? { DATABASE_URL: database.url } : {}),
    SMTP_RELAY_URL: relay.url,
    ...over,
  });

  beforeAll(async () => {
    if (process.env.DATABASE_URL) database = await createScratchDatabase(process.env.DATABASE_URL, 'alias_first_run');
    relay = await startSmtpCapture();
    // A public address, but the mail domain is still the local default: not yet reachable.
    t = await build(env({ PUBLIC_URL: 'https://mail.example.org' }));
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
    await database?.drop();
  });

  const firstRun = async (admin: ReturnType<typeof as>) => {
    const res = await admin({ method: 'GET', url: '/api/admin/first-run' });
    expect(res.statusCode).toBe(200);
    return res.json().first_run as { steps: Record<string, boolean>; dismissed: boolean };
  };

  it('each step ticks itself from what was really done, and dismissing puts the list away', async () => {
    let admin = as(t.app, await login(t.app, 'admin', 'admin-password-1'));
    expect(await firstRun(admin)).toEqual({
      steps: { password: false, two_factor: false, public_address: false, alias: false, test_mail: false },
      dismissed: false,
    });

    // An alias of the admin's own; a member's alias does not count.
    const member = await createMember(t.services);
    const m = as(t.app, await login(t.app, member.handle, member.password));
    expect((await m({ method: 'POST', url: `/api/account/${member.account.id}/alias`, payload: {} })).statusCode).toBe(201);
    expect((await firstRun(admin)).steps.alias).toBe(false);
    expect((await admin({ method: 'POST', url: '/api/account/1/alias', payload: {} })).statusCode).toBe(201);
    expect((await firstRun(admin)).steps.alias).toBe(true);

    // The test mail counts once the relay took it.
    expect((await admin({ method: 'POST', url: '/api/test', payload: {} })).json().success).toBe(true);
    await relay.waitFor('admin@alias.localhost');
    expect((await firstRun(admin)).steps.test_mail).toBe(true);

    // The printed password replaced by one the admin chose.
    const changed = await admin({
      method: 'POST',
      url: '/api/account/1',
      payload: { password: 'chosen-password-2', old_password: 'admin-password-1' },
    });
    expect(changed.statusCode).toBe(200);
    admin = as(t.app, await login(t.app, 'admin', 'chosen-password-2'));
    expect((await firstRun(admin)).steps).toMatchObject({ password: true, two_factor: false });

    // A second factor: TOTP confirmed with a code from the app (a pending set-up does not count).
    const start = await admin({ method: 'POST', url: '/api/account/1/totp' });
    expect((await firstRun(admin)).steps.two_factor).toBe(false);
    const code = new TOTP({ secret: Secret.fromBase32(start.json().secret) }).generate();
    expect((await admin({ method: 'PUT', url: '/api/account/1/totp', payload: { code } })).statusCode).toBe(200);
    expect(await firstRun(admin)).toEqual({
      steps: { password: true, two_factor: true, public_address: false, alias: true, test_mail: true },
      dismissed: false,
    });

    expect((await admin({ method: 'POST', url: '/api/admin/first-run/dismiss' })).statusCode).toBe(200);
    expect((await firstRun(admin)).dismissed).toBe(true);
  });

  it('the public address step needs both PUBLIC_URL and MAIL_DOMAIN to name hosts reachable from elsewhere', () => {
    const cases: Array<[Record<string, string>, boolean]> = [
      [{}, false],
      [{ PUBLIC_URL: 'https://mail.example.org' }, false],
      [{ PUBLIC_URL: 'https://mail.example.org', MAIL_DOMAIN: 'example.org' }, true],
      [{ PUBLIC_URL: 'http://127.0.0.1:3000', MAIL_DOMAIN: 'example.org' }, false],
      [{ PUBLIC_URL: 'http://192.168.1.20', MAIL_DOMAIN: 'example.org' }, false],
      [{ PUBLIC_URL: 'http://[::1]:3000', MAIL_DOMAIN: 'example.org' }, false],
    ];
    for (const [env, expected] of cases) expect(publicAddressSet(loadConfig(env)), JSON.stringify(env)).toBe(expected);
  });
});
