import { findAliasById, listAliasLogEntries, listAliasSenderPatterns } from '@app/db';
import {
  ALIAS_MESSAGES,
  DIGEST_INVALID_MESSAGE,
  FLASH,
  RULE_MESSAGES,
  addressInvalidFlash,
  senderInvalidMessage,
  type Alias,
  type AliasLogEntry,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';
import {
  FREE,
  PLUS,
  VIP,
  createAlias,
  forceAlias,
  json,
  signedIn,
  uniq,
  update,
  type Client,
  closeDraining,
} from './alias-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => closeDraining(t));

const db = () => t.services.database.db;
const aliasOf = (res: { json(): unknown }) => (res.json() as { alias: Alias }).alias;

async function expectRefused(c: Client, aliasId: number, body: Record<string, unknown>, status: number, msg: string) {
  const before = await findAliasById(db(), aliasId);
  const res = await update(c, aliasId, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res)).toMatchObject({ success: false, msg });
  // Nothing saved on failure.
  const after = await findAliasById(db(), aliasId);
  expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  return res;
}

describe('PUT /api/account/{id}/alias/{aliasId}: only changed fields, each validated', () => {
  it('an update that changes nothing is refused as nothing to change', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    await expectRefused(c, a.id, {}, 400, ALIAS_MESSAGES.nothingToChange);
    await expectRefused(
      c,
      a.id,
      { handle: a.handle, is_active: 1, is_whitelisted: 0, lifespan: a.lifespan, senders: [] },
      400,
      ALIAS_MESSAGES.nothingToChange,
    );
  });

  it('unchanged fields are dropped before the rights check (a Free member may resend the current label)', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    const res = await update(c, a.id, { label: null, handle: a.handle, icon: 'star' });
    expect(res.statusCode).toBe(200);
    expect(aliasOf(res).icon).toBe('star');
  });

  describe('handle (address)', () => {
    it('an invalid handle gives "The address {rule}." and nothing is saved', async () => {
      const c = await signedIn(t.app, t.services, PLUS);
      const a = await createAlias(c);
      for (const bad of ['ab', '-leading', 'sp ace', 'a@b.c', 'y'.repeat(65)]) {
        await expectRefused(c, a.id, { handle: bad, icon: 'star' }, 400, addressInvalidFlash(RULE_MESSAGES.aliasHandle));
      }
      expect(addressInvalidFlash(RULE_MESSAGES.aliasHandle)).toBe(
        'The address must be between 4-64 characters long, start with a letter, number or underscore, and may only contain letters (a-z), numbers (0-9), periods (.), hyphens (-) and underscores (_).',
      );
    });

    it('rename: Free refused; plus-monthly and VIP allowed; a taken address refused', async () => {
      const free = await signedIn(t.app, t.services, FREE);
      const fa = await createAlias(free);
      await expectRefused(free, fa.id, { handle: uniq('new') }, 403, ALIAS_MESSAGES.addressNotAllowed);

      const plus = await signedIn(t.app, t.services, PLUS);
      const pa = await createAlias(plus);
      const next = uniq('Renamed_');
      const res = await update(plus, pa.id, { handle: next });
      expect(res.statusCode).toBe(200);
      expect(aliasOf(res).handle).toBe(next.toLowerCase());

      const vip = await signedIn(t.app, t.services, VIP);
      const va = await createAlias(vip);
      await expectRefused(vip, va.id, { handle: next }, 409, ALIAS_MESSAGES.addressTaken);
      await expectRefused(vip, va.id, { handle: fa.handle.toUpperCase() }, 409, ALIAS_MESSAGES.addressTaken);
    });

    it('domain_id: only with the right, and only shared or own verified domains', async () => {
      const free = await signedIn(t.app, t.services, FREE);
      const fa = await createAlias(free);
      await expectRefused(free, fa.id, { domain_id: 2 }, 403, ALIAS_MESSAGES.addressNotAllowed);
      const vip = await signedIn(t.app, t.services, VIP);
      const va = await createAlias(vip);
      await expectRefused(vip, va.id, { domain_id: 987_654 }, 400, ALIAS_MESSAGES.domainNotAllowed);
    });
  });

  it('label: every plan, Free included (docs/product.md §6)', async () => {
    for (const pkg of [FREE, PLUS, VIP]) {
      const c = await signedIn(t.app, t.services, pkg);
      const a = await createAlias(c);
      const res = await update(c, a.id, { label: '  Bank  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(aliasOf(res).label).toBe('Bank');
    }
  });

  it('pinned: set and cleared, also while the alias is inactive; listed with the alias', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    expect(a.pinned).toBe(false);
    expect(aliasOf(await update(c, a.id, { pinned: true })).pinned).toBe(true);
    const list = json<{ aliases: Alias[] }>(await c.call({ method: 'GET', url: c.url('/aliases') })).aliases;
    expect(list.find((x) => x.id === a.id)?.pinned).toBe(true);
    await update(c, a.id, { is_active: 0 });
    expect(aliasOf(await update(c, a.id, { pinned: false })).pinned).toBe(false);
    expect((await findAliasById(db(), a.id))?.pinned).toBe(false);
    await expectRefused(c, a.id, { pinned: false }, 400, ALIAS_MESSAGES.nothingToChange);
  });

  it('digest within the package’s digest_frequency (docs/product.md §5 message)', async () => {
    const free = await signedIn(t.app, t.services, FREE); // M
    const fa = await createAlias(free);
    await expectRefused(free, fa.id, { digest: 'W' }, 403, DIGEST_INVALID_MESSAGE);
    await expectRefused(free, fa.id, { digest: 'D' }, 403, DIGEST_INVALID_MESSAGE);
    expect(aliasOf(await update(free, fa.id, { digest: 'M' })).digest).toBe('M');
    expect(aliasOf(await update(free, fa.id, { digest: null })).digest).toBeNull();
    expect((await update(free, fa.id, { digest: 'X' })).statusCode).toBe(400);

    const plus = await signedIn(t.app, t.services, PLUS); // D
    const pa = await createAlias(plus);
    expect(aliasOf(await update(plus, pa.id, { digest: 'D' })).digest).toBe('D');
  });

  it('lifespan within storage_days; Forever only without a limit', async () => {
    const free = await signedIn(t.app, t.services, FREE); // 7 days
    const fa = await createAlias(free);
    for (const lifespan of [14, 60, 180, null]) {
      await expectRefused(free, fa.id, { lifespan }, 403, ALIAS_MESSAGES.lifespanNotAllowed);
    }
    const plus = await signedIn(t.app, t.services, PLUS); // 180 days
    const pa = await createAlias(plus);
    expect(aliasOf(await update(plus, pa.id, { lifespan: 14 })).lifespan).toBe(14);
    await expectRefused(plus, pa.id, { lifespan: null }, 403, ALIAS_MESSAGES.lifespanNotAllowed);
    expect((await update(plus, pa.id, { lifespan: 30 })).statusCode).toBe(400);

    const vip = await signedIn(t.app, t.services, VIP);
    const va = await createAlias(vip);
    await forceAlias(t.services, va.id, { lifespan: 7 });
    expect(aliasOf(await update(vip, va.id, { lifespan: null })).lifespan).toBeNull();
  });

  describe('restrictions', () => {
    it('senders are normalised to their stored form; a domain is a wildcard covering subdomains', async () => {
      const c = await signedIn(t.app, t.services, FREE);
      const a = await createAlias(c);
      const res = await update(c, a.id, {
        is_whitelisted: 1,
        senders: ['Shop.Example', ' Friend@Mail.Example ', '@news.example', '*.bank.example'],
      });
      expect(res.statusCode).toBe(200);
      const alias = aliasOf(res);
      expect(alias.is_whitelisted).toBe(true);
      expect(alias.senders.map((s) => s.address)).toEqual([
        '*.shop.example',
        'friend@mail.example',
        '*.news.example',
        '*.bank.example',
      ]);
      // Removing one keeps the others (and their ids).
      const ids = alias.senders.map((s) => s.id);
      const res2 = await update(c, a.id, { senders: ['*.shop.example', '*.news.example', '*.bank.example'] });
      expect(aliasOf(res2).senders.map((s) => s.id)).toEqual([ids[0], ids[2], ids[3]]);
    });

    it('a duplicate sender gives "Duplicate sender!"; an invalid one its rule message', async () => {
      const c = await signedIn(t.app, t.services, FREE);
      const a = await createAlias(c);
      await update(c, a.id, { senders: ['shop.example'] });
      await expectRefused(c, a.id, { senders: ['shop.example', '*.Shop.example'] }, 400, FLASH.duplicateSender);
      await expectRefused(c, a.id, { senders: ['a@b.example', 'A@B.example'] }, 400, 'Duplicate sender!');
      await expectRefused(c, a.id, { senders: ['not a domain'] }, 400, senderInvalidMessage(RULE_MESSAGES.senderDomain));
      await expectRefused(c, a.id, { senders: ['bad@@x.example'] }, 400, senderInvalidMessage(RULE_MESSAGES.senderEmail));
      expect(await listAliasSenderPatterns(db(), a.id)).toEqual(['*.shop.example']);
    });

    it('source: public or the account’s own; removable', async () => {
      const c = await signedIn(t.app, t.services, FREE);
      const a = await createAlias(c);
      const init = json<{ sources: Array<{ id: number; handle: string }> }>(
        await t.app.inject({ method: 'GET', url: '/api/init' }),
      );
      const github = init.sources.find((s) => s.handle === 'github')!;
      const res = await update(c, a.id, { source: github.id, is_whitelisted: true });
      expect(aliasOf(res)).toMatchObject({ source_id: github.id, is_whitelisted: true });
      expect(aliasOf(res).source?.handle).toBe('github');
      expect(aliasOf(await update(c, a.id, { source: null })).source_id).toBeNull();

      const { insertSource } = await import('@app/db');
      const other = await signedIn(t.app, t.services, FREE);
      const hidden = await insertSource(db(), { handle: uniq('private-'), label: 'Private', isPublic: false, userId: other.id }, [
        '*.private.example',
      ]);
      await expectRefused(c, a.id, { source: hidden.id }, 400, ALIAS_MESSAGES.sourceNotAllowed);
      await expectRefused(c, a.id, { source: 99_999_999 }, 400, ALIAS_MESSAGES.sourceNotAllowed);
      // The owner of a private source may use it.
      const oa = await createAlias(other);
      expect(aliasOf(await update(other, oa.id, { source: hidden.id })).source_id).toBe(hidden.id);
    });
  });

  it('icon: only from the built-in set', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    await expectRefused(c, a.id, { icon: '<img src=x onerror=alert(1)>' }, 400, ALIAS_MESSAGES.iconNotAllowed);
    expect(aliasOf(await update(c, a.id, { icon: 'bank' })).icon).toBe('bank');
    expect(aliasOf(await update(c, a.id, { icon: null })).icon).toBeNull();
  });

  it('editable only when active and not trashed, except the fields that change those two', async () => {
    const c = await signedIn(t.app, t.services, VIP);
    const a = await createAlias(c);
    expect(aliasOf(await update(c, a.id, { is_active: 0 })).is_active).toBe(false);
    await expectRefused(c, a.id, { label: 'Nope' }, 403, ALIAS_MESSAGES.notEditable);
    await expectRefused(c, a.id, { is_active: 1, label: 'Nope' }, 403, ALIAS_MESSAGES.notEditable);
    await expectRefused(c, a.id, { notes: 'hidden' }, 403, ALIAS_MESSAGES.notEditable);
    const notesPut = await c.call({ method: 'PUT', url: c.url(`/alias/${a.id}/notes`), payload: { value: 'x' } });
    expect(notesPut.statusCode).toBe(403);
    expect(json(notesPut).msg).toBe(ALIAS_MESSAGES.notEditable);
    expect(aliasOf(await update(c, a.id, { is_active: true })).is_active).toBe(true);

    expect(aliasOf(await update(c, a.id, { is_trashed: 1 })).is_trashed).toBe(true);
    await expectRefused(c, a.id, { senders: ['x.example'] }, 403, ALIAS_MESSAGES.notEditable);
    expect(aliasOf(await update(c, a.id, { is_trashed: 0 })).is_trashed).toBe(false);
    expect(aliasOf(await update(c, a.id, { label: 'Now fine' })).label).toBe('Now fine');
  });

  it('trashed aliases leave the alias list (feed and sidebar) and come back on restore', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    const list = async () =>
      json<{ aliases: Alias[] }>(await c.call({ method: 'GET', url: c.url('/aliases') })).aliases.map((x) => x.id);
    expect(await list()).toContain(a.id);
    await update(c, a.id, { is_trashed: 1 });
    expect(await list()).not.toContain(a.id);
    // Still reachable by id (its settings page offers Restore).
    expect((await c.call({ method: 'GET', url: c.url(`/alias/${a.id}`) })).statusCode).toBe(200);
    await update(c, a.id, { is_trashed: 0 });
    expect(await list()).toContain(a.id);
  });

  it('every change appends an alias log entry (method, endpoint, status), refusals included, newest first', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(c);
    await update(c, a.id, { icon: 'star' });
    await update(c, a.id, { domain_id: 2 }); // refused: a Free member may not choose the domain
    await update(c, a.id, { is_whitelisted: 1, senders: ['shop.example'] });
    const res = await c.call({ method: 'GET', url: c.url(`/alias/${a.id}/logs`) });
    expect(res.statusCode).toBe(200);
    const { success, logs } = json<{ success: boolean; logs: AliasLogEntry[] }>(res);
    expect(success).toBe(true);
    const endpoint = `/api/account/${c.id}/alias/${a.id}`;
    expect(logs.slice(0, 3).map((l) => [l.method, l.endpoint, l.status, l.user_id])).toEqual([
      ['PUT', endpoint, 200, c.id],
      ['PUT', endpoint, 403, c.id],
      ['PUT', endpoint, 200, c.id],
    ]);
    expect(logs[0]!.detail).toBe('senders, is_whitelisted=1');
    expect(logs[0]!.id).toBeGreaterThan(logs[1]!.id);
    expect(typeof logs[0]!.created).toBe('string');
    // Values never reach the log.
    const all = await listAliasLogEntries(db(), a.id);
    expect(JSON.stringify(all)).not.toContain('shop.example');
  });
});
