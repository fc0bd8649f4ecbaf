import { aliases } from '@app/db';
import type { Alias } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlias, json, signedIn, type Client } from './alias-helpers';
import { build, type TestApp } from './helpers';

/** The alias's `accessed` time (docs/product.md §3): set when its owner opens the inbox, never by others. */
describe('alias accessed', () => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  beforeAll(async () => {
    t = await build();
    owner = await signedIn(t.app, t.services);
    other = await signedIn(t.app, t.services);
  });
  afterAll(() => t.close());

  const accessedOf = async (c: Client, id: number) =>
    json<{ alias: Alias }>(await c.call({ method: 'GET', url: c.url(`/alias/${id}`) })).alias.accessed;
  const openInbox = (c: Client, accountId: number, aliasId: number, query = '') =>
    c.call({ method: 'GET', url: `/api/account/${accountId}/alias/${aliasId}/messages${query}` });

  it('is null until the owner opens the inbox, then the time of that opening', async () => {
    const alias = await createAlias(owner);
    expect(alias.accessed).toBeNull();
    expect(await accessedOf(owner, alias.id)).toBeNull();
    const before = Date.now();
    expect((await openInbox(owner, owner.id, alias.id)).statusCode).toBe(200);
    const accessed = await accessedOf(owner, alias.id);
    expect(accessed).not.toBeNull();
    expect(new Date(accessed!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('moves on a later opening, at most once a minute', async () => {
    const alias = await createAlias(owner);
    await openInbox(owner, owner.id, alias.id);
    const first = await accessedOf(owner, alias.id);
    await openInbox(owner, owner.id, alias.id);
    expect(await accessedOf(owner, alias.id)).toBe(first);
    // A minute later the next opening is recorded.
    const old = new Date(Date.now() - 2 * 60_000);
    await t.services.database.db.update(aliases).set({ accessedAt: old }).where(eq(aliases.id, alias.id));
    await openInbox(owner, owner.id, alias.id);
    expect(new Date((await accessedOf(owner, alias.id))!).getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('is not set by another account (404) nor by paging further', async () => {
    const alias = await createAlias(owner);
    expect((await openInbox(other, other.id, alias.id)).statusCode).toBe(404);
    expect((await openInbox(other, owner.id, alias.id)).statusCode).toBe(404);
    expect((await openInbox(owner, owner.id, alias.id, '?cursor=999999')).statusCode).toBe(200);
    expect(await accessedOf(owner, alias.id)).toBeNull();
  });
});
