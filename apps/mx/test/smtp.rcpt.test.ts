import { listInboundForAlias, listAliasLogEntries } from '@app/db';
import type { Services } from '@app/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMx, type MxHandle } from '../src/index';
import { createAliasRow, createMember, MAIL_DOMAIN, rand, RawSmtp, simpleMessage, testServices, waitFor } from '@app/testing';

let services: Services;
let mx: MxHandle;
let accountId: number;

beforeAll(async () => {
  services = await testServices();
  mx = await startMx(services, { port: 0, limits: { maxBadRecipients: 3 } });
  accountId = (await createMember(services)).account.id;
});
afterAll(async () => {
  await mx?.close();
  if (services) await services.close();
});

async function rcpt(to: string, from = 'sender@example.com'): Promise<string> {
  const { client } = await RawSmtp.open(mx.port);
  try {
    const [r] = await client.envelope(from, [to]);
    return r!;
  } finally {
    client.end();
  }
}

describe('RCPT TO (docs/architecture.md §3.1, S6)', () => {
  it('accepts an active alias, case-insensitively', async () => {
    const alias = await createAliasRow(services, accountId);
    expect(await rcpt(alias.address)).toMatch(/^250 /);
    expect(await rcpt(alias.address.toUpperCase())).toMatch(/^250 /);
  });

  it('refuses unknown, trashed and inactive aliases, and foreign domains, with 550 5.1.1', async () => {
    const trashed = await createAliasRow(services, accountId, { isTrashed: true });
    const inactive = await createAliasRow(services, accountId, { isActive: false });
    for (const to of [
      `nobody-${rand()}@${MAIL_DOMAIN}`,
      trashed.address,
      inactive.address,
      `${trashed.handle}@elsewhere.example`,
      'x@y',
    ]) {
      expect(await rcpt(to), to).toMatch(/^550 5\.1\.1 /);
    }
    // Refusals of known aliases reach their activity log (after the reply, asynchronously).
    const logs = await waitFor(async () => {
      const l = await listAliasLogEntries(services.database.db, trashed.id);
      return l.length ? l : null;
    });
    expect(logs[0]).toMatchObject({
      method: 'SMTP',
      endpoint: 'RCPT',
      status: 550,
      detail: 'alias is trashed',
      userId: accountId,
    });
  });

  it('accepts a restricted alias with approved senders whatever the envelope sender: DATA decides on the From', async () => {
    const alias = await createAliasRow(services, accountId, {
      isWhitelisted: true,
      senders: ['shop@store.example', '*.bank.example'],
    });
    expect(await rcpt(alias.address, 'other@store.example')).toMatch(/^250 /);
    expect(await rcpt(alias.address, '')).toMatch(/^250 /);
  });

  it('a restricted alias with no list refuses everyone with the 550 5.1.1 of an unknown alias', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true });
    expect(await rcpt(alias.address, 'any@example.com')).toMatch(/^550 5\.1\.1 /);
    const [entry] = await waitFor(async () => {
      const l = await listAliasLogEntries(services.database.db, alias.id);
      return l.length ? l : null;
    });
    expect(entry).toMatchObject({ endpoint: 'RCPT', status: 550, detail: 'refused: no approved senders' });
  });

  it('hangs up with 421 after too many refused recipients (alias enumeration)', async () => {
    const { client } = await RawSmtp.open(mx.port);
    const replies = await client.envelope(
      'probe@example.com',
      [1, 2, 3, 4].map((i) => `guess${i}${rand()}@${MAIL_DOMAIN}`),
    );
    expect(replies.slice(0, 3).every((r) => r.startsWith('550 5.1.1'))).toBe(true);
    expect(replies[3]).toMatch(/^421 4\.7\.0 /);
    expect(await client.waitClosed()).toBe(true);
  });

  it('takes at most 50 recipients: the 51st gets 452 4.5.3 and DATA still succeeds for 50 (S5)', async () => {
    const many = [];
    for (let i = 0; i < 51; i++) many.push(await createAliasRow(services, accountId));
    const { client } = await RawSmtp.open(mx.port);
    const replies = await client.envelope(
      'bulk@example.com',
      many.map((a) => a.address),
    );
    expect(replies.slice(0, 50).every((r) => r.startsWith('250'))).toBe(true);
    expect(replies[50]).toMatch(/^452 4\.5\.3 /);
    expect(await client.cmd('DATA')).toMatch(/^354/);
    client.write(simpleMessage() + '.\r\n');
    expect(await client.reply()).toMatch(/^250 /);
    client.end();
    const [first] = await listInboundForAlias(services.database.db, many[0]!.id);
    expect(first!.aliasIds).toHaveLength(50);
    expect(first!.aliasIds).not.toContain(many[50]!.id);
    expect(await listInboundForAlias(services.database.db, many[50]!.id)).toHaveLength(0);
  });
});
