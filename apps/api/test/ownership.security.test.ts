// docs/security.md W3 through the ownership gate (src/ownership.ts): a message id is only ever looked up
// inside an alias the caller owns, so another account's message asked for through the caller's own
// alias is the same 404 as a missing one, and bulk calls simply do not touch it.
import { findAliasMessageRow } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWithoutRequestId, closeDraining, createAlias, json, signedIn, VIP } from './alias-helpers';
import { build, type TestApp } from './helpers';
import { storeMessage } from '@app/testing';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => closeDraining(t));

describe("another account's message through the caller's own alias", () => {
  it('is a 404 identical to a missing message on every message call, and stays untouched', async () => {
    const owner = await signedIn(t.app, t.services, VIP);
    const ownersAlias = await createAlias(owner);
    const victim = await storeMessage(t.services, ownersAlias.id, {
      from: 'bank@example.com',
      subject: 'Statement',
      text: 'balance secret',
    });

    const intruder = await signedIn(t.app, t.services, VIP);
    const ownAlias = await createAlias(intruder);
    const missing = 2_000_000_000;

    for (const path of ['/message/{m}', '/message/{m}/raw', '/message/{m}/attachment/1']) {
      for (const method of ['GET', 'DELETE'] as const) {
        if (method === 'DELETE' && path !== '/message/{m}') continue;
        const url = (m: number) => intruder.url(`/alias/${ownAlias.id}${path.replace('{m}', String(m))}`);
        const foreign = await intruder.call({ method, url: url(victim) });
        const absent = await intruder.call({ method, url: url(missing) });
        expect(foreign.statusCode, `${method} ${path}`).toBe(404);
        expect(bodyWithoutRequestId(foreign), `${method} ${path}`).toBe(bodyWithoutRequestId(absent));
        expect(foreign.body).not.toContain('secret');
      }
    }
    // Nor through the owner's alias id in the intruder's own path.
    const throughTheirAlias = await intruder.call({
      method: 'GET',
      url: intruder.url(`/alias/${ownersAlias.id}/message/${victim}`),
    });
    expect(throughTheirAlias.statusCode).toBe(404);
    expect(bodyWithoutRequestId(throughTheirAlias)).toBe(
      bodyWithoutRequestId(await intruder.call({ method: 'GET', url: intruder.url(`/alias/${ownAlias.id}/message/${missing}`) })),
    );
    const viewer = await intruder.call({ method: 'GET', url: `/viewer/${intruder.id}/${ownAlias.id}/${victim}` });
    expect(viewer.statusCode).toBe(404);
    expect(viewer.body).not.toContain('secret');

    // Bulk calls answer for the caller's own messages only: none of theirs was touched.
    for (const [path, extra] of [
      ['/mark_messages', { type: 'read' }],
      ['/trash_messages', {}],
    ] as const) {
      const res = await intruder.call({
        method: 'PUT',
        url: intruder.url(`/alias/${ownAlias.id}${path}`),
        payload: { message_ids: [victim], ...extra },
      });
      expect(res.statusCode, path).toBe(200);
      expect(json<{ count: number }>(res).count, path).toBe(0);
    }
    const row = await findAliasMessageRow(t.services.database.db, ownersAlias.id, victim);
    expect(row?.openedAt).toBeNull();
    expect(row?.trashedAt).toBeNull();
  });
});
