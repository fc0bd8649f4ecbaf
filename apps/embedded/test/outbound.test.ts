import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '@app/testing';
import { startFresh, type Embedded } from './harness';

describe('outbound mail on a fresh start with a relay', () => {
  let e: Embedded;
  beforeAll(async () => {
    e = await startFresh();
  });
  afterAll(() => e?.close());

  it('an invitation on a fresh start with a relay arrives within 2 s', async () => {
    const admin = await e.login('admin', ADMIN_PASSWORD);
    const email = `guest-${randomBytes(4).toString('hex')}@invited.example`;
    const res = await e.call('PUT', '/api/account/1/invite', admin, { name: 'Guest', email, message: '' });
    expect(res.status).toBe(201);
    // Generous against the 2 s goal, far below the minute sweep that used to deliver it.
    const mail = await e.relay.waitFor(email, 10_000);
    expect(mail.text).toMatch(/\/auth\/redeem\/[A-Za-z0-9_-]{43}/);
  });
});
