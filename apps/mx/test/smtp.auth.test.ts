// Sender authentication decides what a restricted alias accepts (docs/security.md A1–A6), against
// a local DNS server speaking the DNS protocol and DKIM keys made here: no remote lookups.
import { generateKeyPairSync } from 'node:crypto';
import { insertSource, listAliasLogEntries, listInboundForAlias } from '@app/db';
import type { Services } from '@app/runtime';
import { dkimSign } from 'mailauth/lib/dkim/sign';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMx, type MxHandle } from '../src/index';
import {
  createAliasRow,
  createMember,
  type DnsStandIn,
  rand,
  RawSmtp,
  simpleMessage,
  startDnsStandIn,
  testServices,
  waitFor,
} from '@app/testing';

let dns: DnsStandIn;
let services: Services;
let mx: MxHandle;
let accountId: number;
const bankKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  dns = await startDnsStandIn();
  // bank.example: mail only from 192.0.2.1, signed with DKIM, DMARC p=reject.
  dns.txt.set('bank.example', ['v=spf1 ip4:192.0.2.1 -all']);
  dns.txt.set('_dmarc.bank.example', ['v=DMARC1; p=reject']);
  const p = bankKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  dns.txt.set('sel._domainkey.bank.example', [`v=DKIM1; k=rsa; p=${p}`]);
  // shop.example: SPF for this host (127.0.0.1), no DMARC record, no DKIM.
  dns.txt.set('shop.example', ['v=spf1 ip4:127.0.0.1 -all']);
  services = await testServices({ DNS_SERVERS: dns.server });
  mx = await startMx(services, { port: 0 });
  accountId = (await createMember(services)).account.id;
});
afterAll(async () => {
  await mx?.close();
  if (services) await services.close();
  await dns?.close();
});

async function signed(message: string, domain = 'bank.example'): Promise<string> {
  const privateKey = bankKey.privateKey.export({ type: 'pkcs8', format: 'pem' });
  // mailauth's typings omit `signatureData`, the documented way to give the key.
  const res = await dkimSign(message, {
    signatureData: [{ signingDomain: domain, selector: 'sel', privateKey }],
  } as unknown as Parameters<typeof dkimSign>[1]);
  expect(res.signatures).toContain('DKIM-Signature');
  return res.signatures + message;
}

/** One transaction over real SMTP; the reply to the end of DATA (or to RCPT if that refused). */
async function deliver(port: number, mailFrom: string, to: string[], message: string, preface?: string): Promise<string> {
  const { client } = await RawSmtp.open(port, { preface });
  try {
    const rcpts = await client.envelope(mailFrom, to);
    const refused = rcpts.find((r) => !r.startsWith('250'));
    if (refused) return refused;
    expect(await client.cmd('DATA')).toMatch(/^354/);
    client.write(message + '.\r\n');
    return await client.reply(10_000);
  } finally {
    client.end();
  }
}

const logOf = (aliasId: number) =>
  waitFor(async () => {
    const l = await listAliasLogEntries(services.database.db, aliasId);
    return l.length ? l : null;
  });

describe('a restricted alias admits authenticated senders only (A2, A5)', () => {
  it('refuses forged mail for an approved domain with 550 5.7.1, logs it and stores nothing', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.bank.example'] });
    const forged = simpleMessage({ from: 'Bank <alerts@bank.example>', to: alias.address });
    // The RCPT does not need the content: the envelope alone is accepted, the DATA refused.
    expect(await deliver(mx.port, 'alerts@bank.example', [alias.address], forged)).toMatch(/^550 5\.7\.1 /);
    expect(await listInboundForAlias(services.database.db, alias.id)).toHaveLength(0);
    const [entry] = await logOf(alias.id);
    expect(entry).toMatchObject({ method: 'SMTP', endpoint: 'DATA', status: 550, detail: 'refused: not authenticated' });
  });

  it('ignores Authentication-Results already in the message (A3)', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.bank.example'] });
    const claim =
      'Authentication-Results: mx.bank.example; spf=pass; dkim=pass header.d=bank.example; dmarc=pass header.from=bank.example\r\n';
    const forged = claim + simpleMessage({ from: 'alerts@bank.example', to: alias.address });
    expect(await deliver(mx.port, 'alerts@bank.example', [alias.address], forged)).toMatch(/^550 5\.7\.1 /);
  });

  it('accepts DKIM-aligned mail while SPF fails (forwarded mail)', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.bank.example'] });
    const message = await signed(simpleMessage({ from: 'Bank <alerts@bank.example>', to: alias.address }));
    expect(await deliver(mx.port, 'alerts@bank.example', [alias.address], message)).toMatch(/^250 /);
    const [row] = await listInboundForAlias(services.database.db, alias.id);
    expect(row!.auth).toMatchObject({
      spf: 'fail',
      dkim: 'pass',
      dmarc: 'pass',
      arc: 'none',
      from: 'alerts@bank.example',
      sender: 'authenticated',
    });
  });

  it('checks the body of signed mail: a body changed after signing fails DKIM and is refused', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.bank.example'] });
    const message = await signed(simpleMessage({ from: 'Bank <alerts@bank.example>', to: alias.address }));
    const tampered = message.replace(/\r\n\r\n([^\r]*)/, '\r\n\r\nPay to a new account. $1');
    expect(tampered).not.toBe(message);
    expect(await deliver(mx.port, 'alerts@bank.example', [alias.address], tampered)).toMatch(/^550 5\.7\.1 /);
    expect(await listInboundForAlias(services.database.db, alias.id)).toHaveLength(0);
  });

  it("accepts an aligned SPF pass of a domain without DMARC, also for a source's senders", async () => {
    const source = await insertSource(services.database.db, { handle: `src_${rand()}`, label: 'Shop', isPublic: false }, [
      '*.shop.example',
    ]);
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, sourceId: source.id });
    const message = simpleMessage({ from: 'news@shop.example', to: alias.address });
    expect(await deliver(mx.port, 'bounces@shop.example', [alias.address], message)).toMatch(/^250 /);
    const [row] = await listInboundForAlias(services.database.db, alias.id);
    expect(row!.auth).toMatchObject({ spf: 'pass', dmarc: 'none', sender: 'authenticated' });
  });

  it('refuses a From outside the list even when the envelope sender is on it', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.shop.example'] });
    const message = simpleMessage({ from: 'someone@elsewhere.example', to: alias.address });
    expect(await deliver(mx.port, 'news@shop.example', [alias.address], message)).toMatch(/^550 5\.7\.1 Sender not allowed/);
    const [entry] = await logOf(alias.id);
    expect(entry!.detail).toBe('refused: sender not approved: someone@elsewhere.example');
  });

  it('accepts a domain that publishes nothing, marked unverified', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['friend@quiet.example'] });
    const message = simpleMessage({ from: 'Friend <friend@quiet.example>', to: alias.address });
    expect(await deliver(mx.port, 'friend@quiet.example', [alias.address], message)).toMatch(/^250 /);
    const [row] = await listInboundForAlias(services.database.db, alias.id);
    expect(row!.auth).toMatchObject({ spf: 'none', dkim: 'none', dmarc: 'none', sender: 'unverified' });
  });

  it.each([
    ['two From fields', 'From: alerts@bank.example\r\nFrom: other@bank.example\r\n'],
    ['two mailboxes in From', 'From: alerts@bank.example, other@bank.example\r\n'],
    ['an encoded-word in the addr-spec', 'From: <=?utf-8?q?alerts?=@bank.example>\r\n'],
    ['a route addr', 'From: <@evil.example:alerts@bank.example>\r\n'],
  ])('refuses %s, even with a valid signature (A4)', async (_what, fromLines) => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.bank.example'] });
    const body = simpleMessage({ to: alias.address }).replace(/^From: [^\r]*\r\n/, fromLines);
    const message = await signed(body).catch(() => body);
    expect(await deliver(mx.port, 'alerts@bank.example', [alias.address], message)).toMatch(/^550 5\.7\.1 /);
  });

  it('enforces strict DKIM alignment where the domain asks for it (adkim=s, A7)', async () => {
    // The organisation's key signs d=bank.example; From is a subdomain, whose DMARC says "strict".
    dns.txt.set('_dmarc.mail.bank.example', ['v=DMARC1; p=reject; adkim=s; aspf=s']);
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.bank.example'] });
    const message = await signed(simpleMessage({ from: 'alerts@mail.bank.example', to: alias.address }));
    expect(await deliver(mx.port, 'alerts@mail.bank.example', [alias.address], message)).toMatch(/^550 5\.7\.1 /);
  });

  it('with mixed recipients refuses the whole transaction: the open alias cannot carry it in', async () => {
    const restricted = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.bank.example'] });
    const open = await createAliasRow(services, accountId);
    const forged = simpleMessage({ from: 'alerts@bank.example', to: restricted.address });
    expect(await deliver(mx.port, 'alerts@bank.example', [open.address, restricted.address], forged)).toMatch(/^550 5\.7\.1 /);
    expect(await listInboundForAlias(services.database.db, open.id)).toHaveLength(0);
    expect(await listInboundForAlias(services.database.db, restricted.id)).toHaveLength(0);
    expect((await logOf(open.id))[0]!.detail).toBe('refused with a restricted recipient of the same message');
  });

  it('refuses at RCPT a restricted alias with no approved sender with the same 550 5.1.1 as an unknown one', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true });
    const { client } = await RawSmtp.open(mx.port);
    const [known, unknown] = await client.envelope('alerts@bank.example', [alias.address, `nobody${rand()}@alias.localhost`]);
    client.end();
    expect(known).toBe(unknown);
    expect(known).toMatch(/^550 5\.1\.1 /);
  });
});

describe('open aliases keep everything, with the verdict stored', () => {
  it('stores forged mail with its DMARC fail and the published policy', async () => {
    const alias = await createAliasRow(services, accountId);
    const forged = simpleMessage({ from: 'alerts@bank.example', to: alias.address });
    expect(await deliver(mx.port, 'alerts@bank.example', [alias.address], forged)).toMatch(/^250 /);
    const [row] = await listInboundForAlias(services.database.db, alias.id);
    expect(row!.auth).toMatchObject({ spf: 'fail', dkim: 'none', dmarc: 'fail', policy: 'reject', sender: 'failed' });
  });
});

describe('DNS that never answers (A6, docs/security.md D9)', () => {
  it('answers within 10 s with 451 4.7.0, never a pass', async () => {
    const alias = await createAliasRow(services, accountId, { isWhitelisted: true, senders: ['*.silent.example'] });
    dns.silent = true;
    try {
      const message = simpleMessage({ from: 'x@silent.example', to: alias.address });
      // deliver() waits at most 10 s for the reply to DATA, else it throws.
      expect(await deliver(mx.port, 'x@silent.example', [alias.address], message)).toMatch(/^451 4\.7\.0 /);
    } finally {
      dns.silent = false;
    }
    expect(await listInboundForAlias(services.database.db, alias.id)).toHaveLength(0);
    expect((await logOf(alias.id))[0]).toMatchObject({ status: 451, detail: 'deferred: sender authentication failed for now' });
  }, 20_000);
});

describe('PROXY protocol (SMTP_PROXY_FROM)', () => {
  it('takes the client address from a trusted proxy, so SPF sees the real sender', async () => {
    const proxied = await testServices({ DNS_SERVERS: dns.server, SMTP_PROXY_FROM: '127.0.0.1' });
    const behind = await startMx(proxied, { port: 0 });
    try {
      const acc = (await createMember(proxied)).account.id;
      const alias = await createAliasRow(proxied, acc, { isWhitelisted: true, senders: ['*.bank.example'] });
      const message = simpleMessage({ from: 'alerts@bank.example', to: alias.address });
      const header = 'PROXY TCP4 192.0.2.1 198.51.100.25 40000 25\r\n';
      expect(await deliver(behind.port, 'alerts@bank.example', [alias.address], message, header)).toMatch(/^250 /);
      const [row] = await listInboundForAlias(proxied.database.db, alias.id);
      expect(row!.remoteIp).toBe('192.0.2.1');
      expect(row!.auth).toMatchObject({ spf: 'pass', dmarc: 'pass' });
    } finally {
      await behind.close();
      await proxied.close();
    }
  });

  it('is off by default: a client that sends a PROXY header is refused as an early talker', async () => {
    const { client, greeting } = await RawSmtp.open(mx.port, { preface: 'PROXY TCP4 192.0.2.1 198.51.100.25 40000 25\r\n' });
    expect(greeting).toMatch(/^421 /);
    expect(await client.waitClosed()).toBe(true);
  });
});
