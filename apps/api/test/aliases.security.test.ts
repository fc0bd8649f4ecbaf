// docs/security.md W3: every call that takes an alias id checks it against the session's account.
// Another account's alias and a missing one get the same 404, byte for byte (request id aside),
// and nothing of the victim's alias changes.
import { findAliasById, findAliasNote, listAliasLogEntries, listOutboxTo } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';
import { VIP, bodyWithoutRequestId, createAlias, signedIn, uniq, closeDraining } from './alias-helpers';
import { storeMessage } from '@app/testing';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => closeDraining(t));

type Call = { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; path: string; payload?: unknown };

/** Every alias call, with a body that would succeed for the owner. `{m}` is a message id. */
const CALLS: Call[] = [
  { method: 'GET', path: '/alias/{a}' },
  { method: 'PUT', path: '/alias/{a}', payload: { icon: 'star', label: 'pwned', is_trashed: 1 } },
  { method: 'GET', path: '/alias/{a}/logs' },
  { method: 'GET', path: '/alias/{a}/statistics' },
  { method: 'GET', path: '/alias/{a}/notes' },
  { method: 'PUT', path: '/alias/{a}/notes', payload: { value: 'pwned' } },
  { method: 'GET', path: '/alias/{a}/chat' },
  { method: 'POST', path: '/alias/{a}/chat', payload: { text: 'pwned' } },
  { method: 'GET', path: '/alias/{a}/messages' },
  { method: 'GET', path: '/alias/{a}/message/{m}' },
  { method: 'GET', path: '/alias/{a}/message/{m}/raw' },
  { method: 'DELETE', path: '/alias/{a}/message/{m}' },
  { method: 'PUT', path: '/alias/{a}/trash_messages', payload: { message_ids: ['{m}'] } },
  { method: 'PUT', path: '/alias/{a}/mark_messages', payload: { message_ids: ['{m}'], type: 'read' } },
  { method: 'GET', path: '/alias/{a}/trash' },
  { method: 'PUT', path: '/alias/{a}/restore_messages', payload: { message_ids: ['{m}'] } },
  { method: 'DELETE', path: '/alias/{a}/trash' },
  { method: 'POST', path: '/alias/{a}/message/{m}/reply', payload: { text: 'pwned' } },
  { method: 'POST', path: '/alias/{a}/message/{m}/unsubscribe', payload: { method: 'one-click' } },
  { method: 'POST', path: '/alias/{a}/message/{m}/spam', payload: { verdict: 'spam' } },
  { method: 'GET', path: '/alias/{a}/spam' },
  { method: 'GET', path: '/alias/{a}/export.mbox' },
  { method: 'POST', path: '/alias/{a}/import', payload: { mbox: 'pwned' } },
];

/**
 * The alias routes the app actually has (so a new one cannot be forgotten in CALLS), read back from
 * Fastify's route tree: each line is a path segment indented 4 characters per level.
 */
function aliasRoutesOf(tree: string): string[] {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round(at / 4);
    const m = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(at + 3))!;
    stack.length = depth;
    stack.push(m[1]!);
    const path = stack.join('');
    if (!m[2] || !path.startsWith('/api/account/:id/alias/:aliasId')) continue;
    for (const method of m[2].split(',').map((x) => x.trim())) {
      if (method !== 'HEAD')
        found.add(`${method} ${path.replace('/api/account/:id', '').replace(':aliasId', '{a}').replace(':messageId', '{m}')}`);
    }
  }
  return [...found];
}

describe('cross-account walk over every alias call', () => {
  it('CALLS covers every registered alias route', () => {
    const registered = aliasRoutesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(5);
    const covered = new Set(CALLS.map((c) => `${c.method} ${c.path}`));
    // Attachment downloads need an attachment; they are walked by the mail path's own tests.
    const missing = registered.filter((r) => !covered.has(r) && !r.includes('attachment'));
    expect(missing).toEqual([]);
  });

  it('another account gets the same 404 as a missing alias on every call, and nothing changes', async () => {
    const owner = await signedIn(t.app, t.services, VIP);
    const victim = await createAlias(owner, { specialty: 'chat' });
    // The outbox is shared by every test file on one database: a correspondent of this test only.
    const pal = `${uniq('pal')}@friend.example`;
    const messageId = await storeMessage(t.services, victim.id, { from: pal, subject: 'Hi', text: 'secret' });
    await owner.call({ method: 'PUT', url: owner.url(`/alias/${victim.id}/notes`), payload: { value: 'owner note' } });
    const before = await findAliasById(t.services.database.db, victim.id);
    const logsBefore = (await listAliasLogEntries(t.services.database.db, victim.id)).length;

    const intruder = await signedIn(t.app, t.services, VIP);
    const missingAlias = 2_000_000_000;
    const fill = (s: string, aliasId: number) => s.replace('{a}', String(aliasId)).replace('{m}', String(messageId));
    const fillPayload = (p: unknown) =>
      p === undefined ? undefined : JSON.parse(JSON.stringify(p).replace('"{m}"', String(messageId)));

    for (const call of CALLS) {
      const foreign = await intruder.call({
        method: call.method,
        url: intruder.url(fill(call.path, victim.id)),
        payload: fillPayload(call.payload),
      });
      const missing = await intruder.call({
        method: call.method,
        url: intruder.url(fill(call.path, missingAlias)),
        payload: fillPayload(call.payload),
      });
      // The victim's account id in the path: the same 404 again.
      const otherAccount = await intruder.call({
        method: call.method,
        url: `/api/account/${owner.id}${fill(call.path, victim.id)}`,
        payload: fillPayload(call.payload),
      });
      for (const res of [foreign, missing, otherAccount]) {
        expect(res.statusCode, `${call.method} ${call.path}: ${res.body}`).toBe(404);
      }
      expect(bodyWithoutRequestId(foreign), call.path).toBe(bodyWithoutRequestId(missing));
      expect(bodyWithoutRequestId(otherAccount), call.path).toBe(bodyWithoutRequestId(missing));
      expect(foreign.body).not.toContain('secret');
      expect(foreign.body).not.toContain('owner note');
    }

    // Owner-side checks for the account-level alias calls too.
    for (const path of ['/check/alias', '/generate/alias']) {
      const res = await intruder.call({
        method: 'PUT',
        url: `/api/account/${owner.id}${path}`,
        payload: { handle: 'abcdef', domain_id: 1 },
      });
      expect(res.statusCode).toBe(404);
    }
    const byHandle = await intruder.call({ method: 'GET', url: intruder.url(`/aliases/by-handle/${victim.handle}`) });
    expect(byHandle.statusCode).toBe(404);

    const after = await findAliasById(t.services.database.db, victim.id);
    expect(after).toEqual(before);
    const note = await owner.call({ method: 'GET', url: owner.url(`/alias/${victim.id}/notes`) });
    expect((note.json() as { note: { value: string } }).note.value).toBe('owner note');
    expect(await listOutboxTo(t.services.database.db, pal)).toHaveLength(0);
    expect((await listAliasLogEntries(t.services.database.db, victim.id)).length).toBe(logsBefore);
    expect(await findAliasNote(t.services.database.db, victim.id)).not.toBeNull();
  });

  it('signed out: 401 on every call', async () => {
    for (const call of CALLS) {
      const res = await t.app.inject({
        method: call.method,
        url: `/api/account/1${call.path.replace('{a}', '1').replace('{m}', '1')}`,
        headers: { 'x-requested-with': 'fetch', 'content-type': 'application/json' },
        payload: call.payload === undefined ? undefined : JSON.stringify(call.payload).replace('"{m}"', '1'),
      });
      expect(res.statusCode, call.path).toBe(401);
    }
  });
});
