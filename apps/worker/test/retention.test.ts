import { randomBytes } from 'node:crypto';
import { insertSession, sessions } from '@app/db';
import type { Services } from '@app/runtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/index';
import { createMember, testServices } from '@app/testing';

let services: Services;
beforeAll(async () => {
  services = await testServices();
});
afterAll(() => services?.close());

describe('retention', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const { db } = services.database;
    const accountId = (await createMember(services)).account.id;
    const hash = () => randomBytes(32).toString('hex');
    const expired = hash();
    const live = hash();
    await insertSession(db, { tokenHash: expired, accountId, expiresAt: new Date(Date.now() - 60_000) });
    await insertSession(db, { tokenHash: live, accountId, expiresAt: new Date(Date.now() + 3_600_000) });
    await runRetention(services);
    const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.accountId, accountId));
    expect(left.map((s) => s.tokenHash)).toEqual([live]);
  });
});
