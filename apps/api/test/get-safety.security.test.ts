import { findOwnedMessage } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';
import { createAlias, signedIn } from './alias-helpers';
import { getMessage } from './messages-helpers';
import { storeMessages } from '@app/testing';

describe('no state change on a cross-site GET (docs/security.md W2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('a cross-site or same-site GET of a message is refused and does not mark it read', async () => {
    const owner = await signedIn(t.app, t.services);
    const alias = await createAlias(owner);
    const [id] = await storeMessages(t.services, alias.id, 1);
    const url = owner.url(`/alias/${alias.id}/message/${id}`);
    for (const site of ['cross-site', 'same-site']) {
      const res = await owner.call({ method: 'GET', url, headers: { 'sec-fetch-site': site } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'CSRF' });
    }
    expect((await findOwnedMessage(t.services.database.db, owner.id, alias.id, id!))!.message.openedAt).toBeNull();
    // The app's own fetch opens it, and marks it read.
    const res = await owner.call({ method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(res.statusCode).toBe(200);
    expect((await findOwnedMessage(t.services.database.db, owner.id, alias.id, id!))!.message.openedAt).not.toBeNull();
    expect((await getMessage(owner, alias.id, id!)).id).toBe(id);
  });
});
