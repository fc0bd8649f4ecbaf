/**
 * How workers take inbound mail (docs/architecture.md §3.3): the mx's wake-up, and claims that
 * keep other workers off a row until they run out.
 */
import { claimInbound, findInbound, finishInbound, insertInbound, listAliasMessages } from '@app/db';
import { startMx, type MxHandle } from '@app/mx';
import type { Services } from '@app/runtime';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../src/index';
import { createAliasRow, createMember, sleep, testServices, waitFor } from '@app/testing';

let services: Services;
let mx: MxHandle;
let accountId: number;

beforeAll(async () => {
  services = await testServices();
  mx = await startMx(services, { port: 0 });
  accountId = (await createMember(services)).account.id;
});
afterAll(async () => {
  await mx?.close();
  await services?.close();
});

describe('claims (docs/architecture.md §3.3)', () => {
  it('a worker whose sweep is hours away stores mail as soon as the mx wakes it', async () => {
    const worker = await startWorker(services, {
      sweepEveryMs: 3_600_000,
      sweepAfterMs: 3_600_000,
      everyMs: { retention: 0, digests: 0, notify: 0 },
    });
    try {
      const alias = await createAliasRow(services, accountId);
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mx.port, secure: false, ignoreTLS: true });
      for (const subject of ['first', 'second'])
        await transport.sendMail({ from: 'a@shop.example', to: alias.address, subject, text: 'hello' });
      transport.close();
      // Only the wake-ups can have told this worker: its start claim ran before the mail existed.
      const rows = await waitFor(
        async () => {
          const list = await listAliasMessages(services.database.db, alias.accountId, alias.id, { limit: 10 });
          return list.length === 2 ? list : null;
        },
        20_000,
        'both messages stored',
      );
      expect(rows).toHaveLength(2);
    } finally {
      await worker.close();
    }
  });

  it('a claimed row is passed over until its claim runs out; each claim counts an attempt', async () => {
    const alias = await createAliasRow(services, accountId);
    const raw = Buffer.from('From: a@b.example\r\nSubject: claimed\r\n\r\nbody\r\n');
    const sealed = services.keys.sealUnderMaster(raw);
    const id = await insertInbound(services.database.db, {
      raw: sealed.sealed,
      rawKey: sealed.key,
      size: raw.length,
      mailFrom: 'a@b.example',
      rcptTo: [alias.address],
      aliasIds: [alias.id],
    });
    const claim = () => claimInbound(services.database.db, { ids: [id], limit: 10, leaseMs: 300 });

    const [first] = await claim();
    expect(first).toMatchObject({ id, state: 'queued', attempts: 1 });
    expect(first!.claimedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(Buffer.compare(first!.raw!, sealed.sealed)).toBe(0);
    expect(await claim()).toEqual([]);

    await sleep(400);
    const [again] = await claim();
    expect(again).toMatchObject({ id, attempts: 2 });
    // A row that is no longer queued is never claimed, whatever its claim says.
    await finishInbound(services.database.db, id, 'done');
    await sleep(400);
    expect(await claim()).toEqual([]);
    expect((await findInbound(services.database.db, id))!.state).toBe('done');
  });
});
