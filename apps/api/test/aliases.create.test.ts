import { countLiveAliases } from '@app/db';
import { ALIAS_MESSAGES, RULE_MESSAGES, addressInvalidFlash, aliasLimitMessage, type Alias } from '@app/shared';
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

const create = (c: Client, body?: Record<string, unknown>) =>
  c.call({ method: 'POST', url: c.url('/alias'), payload: body ?? {} });

describe('POST /api/account/{id}/alias: create with package limits', () => {
  it('creates a random alias with the defaults of docs/product.md §4 (active, not whitelisted, not trashed, disconnected)', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const res = await create(c);
    expect(res.statusCode).toBeLessThan(300);
    const body = json<{ success: boolean; handle: string; alias: Alias }>(res);
    expect(body.success).toBe(true);
    expect(body.alias.handle).toBe(body.handle);
    expect(body.alias).toMatchObject({
      is_active: true,
      is_trashed: false,
      is_whitelisted: false,
      senders: [],
      source_id: null,
      domain_id: 1,
      specialty: null,
    });
    // Free keeps mail 7 days: a new alias gets the longest lifespan the package allows.
    expect(body.alias.lifespan).toBe(7);
  });

  it('creates a random alias from a call with no body at all (docs/product.md §7: "none, or a body")', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': undefined }]) {
      const res = await c.call({ method: 'POST', url: c.url('/alias'), headers });
      expect(res.statusCode, res.body).toBe(201);
      expect(json<{ alias: Alias }>(res).alias.domain_id).toBe(1);
    }
  });

  it('Free (address_count 10): the 11th alias is refused with a clear message; trashed aliases do not count', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    const made: Alias[] = [];
    for (let i = 0; i < 10; i++) made.push(await createAlias(c));
    const res = await create(c);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ success: false, code: 'LIMIT_REACHED', msg: aliasLimitMessage(10) });
    expect(json(res).msg).toBe('You have reached the limit of 10 aliases of your subscription.');

    // Trash one: there is room again.
    expect((await update(c, made[0]!.id, { is_trashed: 1 })).statusCode).toBe(200);
    await createAlias(c);
    expect(await countLiveAliases(t.services.database.db, c.id)).toBe(10);
    // Restoring it would make 11: refused with the same message, nothing changes.
    const restore = await update(c, made[0]!.id, { is_trashed: 0 });
    expect(restore.statusCode).toBe(403);
    expect(json(restore).msg).toBe(aliasLimitMessage(10));
  });

  it('the limit holds under concurrent creates', async () => {
    const c = await signedIn(t.app, t.services, FREE);
    for (let i = 0; i < 8; i++) await createAlias(c);
    const results = await Promise.all(Array.from({ length: 6 }, () => create(c)));
    expect(results.filter((r) => r.statusCode < 300)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
    expect(await countLiveAliases(t.services.database.db, c.id)).toBe(10);
  });

  it('VIP (no address_count) is not limited', async () => {
    const c = await signedIn(t.app, t.services, VIP);
    for (let i = 0; i < 12; i++) await createAlias(c);
    expect(await countLiveAliases(t.services.database.db, c.id)).toBe(12);
  });

  it('choosing the handle: refused for Free, allowed for VIP, plus-monthly (address_customization) and the admin', async () => {
    const free = await signedIn(t.app, t.services, FREE);
    const res = await create(free, { handle: uniq('free') });
    expect(res.statusCode).toBe(403);
    expect(json(res).msg).toBe(ALIAS_MESSAGES.addressNotAllowed);
    expect(await countLiveAliases(t.services.database.db, free.id)).toBe(0);
    // Choosing a domain (even the default one spelled out) is the same right; the default is free.
    expect((await create(free, { domain_id: 1 })).statusCode).toBeLessThan(300);

    for (const pkg of [VIP, PLUS]) {
      const c = await signedIn(t.app, t.services, pkg);
      const handle = uniq('Mine.');
      const alias = await createAlias(c, { handle });
      expect(alias.handle).toBe(handle.toLowerCase());
    }
  });

  it('a chosen handle must follow the rule (exact message) and be free', async () => {
    const c = await signedIn(t.app, t.services, PLUS);
    for (const bad of ['abc', '.dot-first', 'has space', 'x'.repeat(65), 'ümlaut']) {
      const res = await create(c, { handle: bad });
      expect(res.statusCode).toBe(400);
      expect(json(res).msg).toBe(addressInvalidFlash(RULE_MESSAGES.aliasHandle));
    }
    const handle = uniq('taken');
    await createAlias(c, { handle });
    const other = await signedIn(t.app, t.services, VIP);
    const res = await create(other, { handle: handle.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(json(res).msg).toBe(ALIAS_MESSAGES.addressTaken);
  });

  it('a domain must be shared or the account’s own verified one', async () => {
    const c = await signedIn(t.app, t.services, VIP);
    const res = await create(c, { domain_id: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(json(res).msg).toBe(ALIAS_MESSAGES.domainNotAllowed);
  });

  it('a label and a site at creation on every plan: the site’s organisation is the origin, watched for leaks', async () => {
    const free = await signedIn(t.app, t.services, FREE);
    const a = await createAlias(free, { label: 'Shop', origin: 'Accounts.Shop.example' });
    expect(a).toMatchObject({ label: 'Shop', origin: 'shop.example', shared_senders: false });
    const bad = await create(free, { origin: 'not a site' });
    expect(bad.statusCode).toBe(400);
  });

  it('icon from the built-in set; chat specialty', async () => {
    const vip = await signedIn(t.app, t.services, VIP);
    const a = await createAlias(vip, { label: 'Shopping', icon: 'cart', specialty: 'chat' });
    expect(a).toMatchObject({ label: 'Shopping', icon: 'cart', specialty: 'chat', lifespan: null });

    const bad = await create(vip, { icon: 'skull' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).msg).toBe(ALIAS_MESSAGES.iconNotAllowed);
    expect((await create(vip, { specialty: 'bogus' })).statusCode).toBe(400);
  });
});

describe('PUT /api/account/{id}/check/alias and /generate/alias', () => {
  it('check: valid and available, with the exact messages; only for those who may choose', async () => {
    const c = await signedIn(t.app, t.services, PLUS);
    const check = (handle: string) => c.call({ method: 'PUT', url: c.url('/check/alias'), payload: { handle } });
    const free = uniq('free');
    const ok = await check(free);
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ success: true });

    const bad = await check('no');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).msg).toBe(addressInvalidFlash(RULE_MESSAGES.aliasHandle));

    await createAlias(c, { handle: free });
    const taken = await check(free.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(json(taken).msg).toBe(ALIAS_MESSAGES.addressTaken);

    const freeUser = await signedIn(t.app, t.services, FREE);
    const refused = await freeUser.call({ method: 'PUT', url: freeUser.url('/check/alias'), payload: { handle: uniq() } });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).msg).toBe(ALIAS_MESSAGES.addressNotAllowed);
  });

  it('generate: a random valid handle that is free, usable to create', async () => {
    const c = await signedIn(t.app, t.services, PLUS);
    const res = await c.call({ method: 'PUT', url: c.url('/generate/alias'), payload: { domain_id: 1 } });
    expect(res.statusCode).toBe(200);
    const { handle } = json<{ handle: string }>(res);
    expect(handle).toMatch(/^[a-z]+\.[a-z]+\d+$/);
    const alias = await createAlias(c, { handle, domain_id: 1 });
    expect(alias.handle).toBe(handle);
    const other = await c.call({ method: 'PUT', url: c.url('/generate/alias'), payload: { domain_id: 424242 } });
    expect(other.statusCode).toBe(400);
    expect(json(other).msg).toBe(ALIAS_MESSAGES.domainNotAllowed);
  });
});

describe('GET /api/account/{id}/aliases/by-handle/{handle}', () => {
  it('resolves the account’s own alias by handle, trashed ones included', async () => {
    const c = await signedIn(t.app, t.services, VIP);
    const alias = await createAlias(c, { handle: uniq('byhandle') });
    await forceAlias(t.services, alias.id, { isTrashed: true });
    const res = await c.call({ method: 'GET', url: c.url(`/aliases/by-handle/${alias.handle.toUpperCase()}`) });
    expect(res.statusCode).toBe(200);
    expect(json<{ alias: Alias }>(res).alias).toMatchObject({ id: alias.id, is_trashed: true });
    const full = await c.call({ method: 'GET', url: c.url(`/aliases/by-handle/${encodeURIComponent(alias.address)}`) });
    expect(json<{ alias: Alias }>(full).alias.id).toBe(alias.id);
    expect((await c.call({ method: 'GET', url: c.url('/aliases/by-handle/nobody-here') })).statusCode).toBe(404);
  });
});
