// Restrictions, renames and the trash set through the API, proven over real SMTP against the mx:
// what the settings screens save is exactly what the mx enforces (on the From header, at DATA).
import { listAliasLogEntries } from '@app/db';
import { startMx, type MxHandle } from '@app/mx';
import type { Alias, AliasStatistics } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '@app/testing';
import { build, type TestApp } from './helpers';
import { PLUS, createAlias, json, signedIn, uniq, update, type Client, closeDraining } from './alias-helpers';

let t: TestApp;
let mx: MxHandle;
let c: Client;

beforeAll(async () => {
  t = await build();
  mx = await startMx(t.services, { port: 0 });
  c = await signedIn(t.app, t.services, PLUS);
});
afterAll(async () => {
  await mx?.close();
  // Nothing ingests here: the queued jobs are drained before closing.
  await closeDraining(t);
});

type Outcome = { code: number; response: string };

/** Sends one message; the envelope sender is `from`. */
async function send(from: string, to: string): Promise<Outcome> {
  try {
    const info = await sendMail(mx.port, {
      envelope: { from, to: [to] },
      from,
      to,
      subject: 'Restriction check',
      text: 'Hello.',
    });
    return { code: 250, response: info.response };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string };
    return { code: e.responseCode ?? 0, response: e.response ?? String(err) };
  }
}

const ok = async (from: string, to: string) => expect(await send(from, to), `${from} -> ${to}`).toMatchObject({ code: 250 });
async function refused(from: string, to: string, enhanced: '5.7.1' | '5.1.1') {
  const r = await send(from, to);
  expect(r.code, `${from} -> ${to}: ${r.response}`).toBe(550);
  expect(r.response).toContain(enhanced);
}

const put = async (aliasId: number, body: Record<string, unknown>) => {
  const res = await update(c, aliasId, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ alias: Alias }>(res).alias;
};

describe('restrictions set through the API, enforced over SMTP', () => {
  it('no restriction, then one domain (with subdomains), one address, a service, and off again', async () => {
    const alias = await createAlias(c);
    await ok('anyone@random.example', alias.address);

    // Only Accept Mail From Specific Senders: one domain.
    await put(alias.id, { is_whitelisted: 1, senders: ['shop.example'] });
    await ok('orders@shop.example', alias.address);
    await ok('news@mail.shop.example', alias.address);
    await refused('anyone@random.example', alias.address, '5.7.1');
    await refused('x@evilshop.example', alias.address, '5.7.1');

    // Add one exact address; remove the domain.
    await put(alias.id, { senders: ['friend@mail.example'] });
    await ok('Friend@Mail.Example', alias.address);
    await refused('other@mail.example', alias.address, '5.7.1');
    await refused('orders@shop.example', alias.address, '5.7.1');

    // A service (source) instead of a list.
    const init = json<{ sources: Array<{ id: number; handle: string }> }>(
      await t.app.inject({ method: 'GET', url: '/api/init' }),
    );
    const github = init.sources.find((s) => s.handle === 'github')!;
    await put(alias.id, { senders: [], source: github.id });
    await ok('noreply@github.com', alias.address);
    await refused('friend@mail.example', alias.address, '5.7.1');

    // No Restrictions again: everyone.
    await put(alias.id, { is_whitelisted: 0 });
    await ok('anyone@random.example', alias.address);

    // The refusals are in the alias's log and statistics (written after the reply).
    const deadline = Date.now() + 10_000;
    let refusedLogged = 0;
    while (Date.now() < deadline) {
      const logs = await listAliasLogEntries(t.services.database.db, alias.id);
      refusedLogged = logs.filter((l) => l.method === 'SMTP' && l.status === 550).length;
      if (refusedLogged >= 5) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(refusedLogged).toBe(5);
    const stats = json<{ statistics: AliasStatistics }>(
      await c.call({ method: 'GET', url: c.url(`/alias/${alias.id}/statistics`) }),
    );
    expect(stats.statistics.totals.refused).toBe(5);
  });

  it('a restricted alias with no senders and no source refuses everyone, like an unknown alias', async () => {
    const alias = await createAlias(c);
    await put(alias.id, { is_whitelisted: true });
    await refused('anyone@random.example', alias.address, '5.1.1');
  });

  it('rename: the old address refuses mail at once, the new one receives', async () => {
    const alias = await createAlias(c);
    await ok('a@b.example', alias.address);
    const renamed = await put(alias.id, { handle: uniq('renamed.') });
    await refused('a@b.example', alias.address, '5.1.1');
    await ok('a@b.example', renamed.address);
  });

  it('trash and deactivate stop mail at once; restore and activate bring it back', async () => {
    const alias = await createAlias(c);
    await put(alias.id, { is_trashed: 1 });
    await refused('a@b.example', alias.address, '5.1.1');
    await put(alias.id, { is_trashed: 0 });
    await ok('a@b.example', alias.address);
    await put(alias.id, { is_active: 0 });
    await refused('a@b.example', alias.address, '5.1.1');
    await put(alias.id, { is_active: 1 });
    await ok('a@b.example', alias.address);
  });
});
