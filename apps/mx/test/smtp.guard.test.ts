import { listInboundForAlias } from '@app/db';
import type { Services } from '@app/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMx, type MxHandle } from '../src/index';
import {
  createAliasRow,
  createMember,
  MAIL_DOMAIN,
  rand,
  RawSmtp,
  simpleMessage,
  sleep,
  testServices,
  trickling,
} from '@app/testing';

let services: Services;
let accountId: number;
const servers: MxHandle[] = [];
/** Services with a per-address limit of refused recipients (`mx:bad-rcpt`, packages/runtime/src/rate-limit.ts) of 3. */
let probed: Services;

async function mxWith(opts: Parameters<typeof startMx>[1] = {}): Promise<MxHandle> {
  const h = await startMx(services, { port: 0, ...opts });
  servers.push(h);
  return h;
}

beforeAll(async () => {
  [services, probed] = await Promise.all([testServices(), testServices({ MX_MAX_BAD_RCPTS_PER_IP: '3' })]);
  accountId = (await createMember(services)).account.id;
});
afterAll(async () => {
  for (const s of servers) await s.close();
  if (probed) await probed.close();
  if (services) await services.close();
});

describe('an intake that cannot be held shut (S6–S9)', () => {
  it('the banner and the EHLO reply name MAIL_DOMAIN, not the host', async () => {
    const mx = await mxWith();
    const { client, greeting } = await RawSmtp.open(mx.port);
    expect(greeting).toBe(`220 ${MAIL_DOMAIN} ESMTP ready`);
    expect(await client.cmd('EHLO client.test')).toMatch(new RegExp(`^250-${MAIL_DOMAIN.replace('.', '\\.')} `));
    client.end();
  });

  it('names MX_HOSTNAME in the banner and the EHLO reply when it is set', async () => {
    const own = await testServices({ MX_HOSTNAME: 'mx.alias.localhost' });
    const mx = await startMx(own, { port: 0 });
    try {
      const { client, greeting } = await RawSmtp.open(mx.port);
      expect(greeting).toBe('220 mx.alias.localhost ESMTP ready');
      expect(await client.cmd('EHLO client.test')).toMatch(/^250-mx\.alias\.localhost /);
      client.end();
    } finally {
      await mx.close();
      await own.close();
    }
  });

  it('limits connections per network (/24) besides per address', async () => {
    const mx = await mxWith({ limits: { maxPerIp: 2, maxPerNetwork: 3 } });
    const open = [
      await RawSmtp.open(mx.port, { localAddress: '127.0.0.2' }),
      await RawSmtp.open(mx.port, { localAddress: '127.0.0.2' }),
      await RawSmtp.open(mx.port, { localAddress: '127.0.0.3' }),
    ];
    for (const o of open) expect(o.greeting).toMatch(/^220 /);
    const sameNetwork = await RawSmtp.open(mx.port, { localAddress: '127.0.0.4' });
    expect(sameNetwork.greeting).toMatch(/^421 4\.7\.0 /);
    const otherNetwork = await RawSmtp.open(mx.port, { localAddress: '127.0.1.4' });
    expect(otherNetwork.greeting).toMatch(/^220 /);
    // A closed connection gives its place back.
    open[0]!.client.end();
    let again = '';
    for (let i = 0; i < 50 && !again.startsWith('220'); i++) {
      const o = await RawSmtp.open(mx.port, { localAddress: '127.0.0.4' });
      again = o.greeting;
      if (!again.startsWith('220')) await sleep(50);
      else open.push(o);
    }
    expect(again).toMatch(/^220 /);
    for (const o of [...open, sameNetwork, otherNetwork]) o.client.end();
  });

  it('cuts a client trickling a command line a byte at a time', async () => {
    const mx = await mxWith({ limits: { progressWindowMs: 200, minBytesPerWindow: 64, idleTimeoutMs: 60_000 } });
    const { client } = await RawSmtp.open(mx.port, { localAddress: '127.0.2.1' });
    expect(await client.cmd('EHLO client.test')).toMatch(/^250/);
    const line = `MAIL FROM:<${'x'.repeat(200)}@example.com>\r\n`;
    await trickling(client, line, 50, async () => {
      expect(await client.reply()).toMatch(/^421 4\.4\.2 Transfer too slow/);
      expect(await client.waitClosed()).toBe(true);
    });
  });

  it('cuts a client trickling message data, and stores nothing', async () => {
    const mx = await mxWith({
      limits: { progressWindowMs: 200, minBytesPerWindow: 64, idleTimeoutMs: 60_000, dataTimeoutMs: 60_000 },
    });
    const alias = await createAliasRow(services, accountId);
    const { client } = await RawSmtp.open(mx.port, { localAddress: '127.0.2.2' });
    await client.envelope('slow@example.com', [alias.address]);
    expect(await client.cmd('DATA')).toMatch(/^354/);
    const msg = simpleMessage();
    await trickling(client, msg, 50, async () => {
      expect(await client.reply()).toMatch(/^421 4\.4\.2 /);
      expect(await client.waitClosed()).toBe(true);
    });
    expect(await listInboundForAlias(services.database.db, alias.id)).toHaveLength(0);
  });

  it('does not cut a client that pauses between commands, nor one waiting for the mx', async () => {
    const mx = await mxWith({ limits: { progressWindowMs: 100, minBytesPerWindow: 64, idleTimeoutMs: 60_000 } });
    const alias = await createAliasRow(services, accountId);
    const { client } = await RawSmtp.open(mx.port, { localAddress: '127.0.2.3' });
    expect(await client.cmd('EHLO client.test')).toMatch(/^250/);
    await sleep(500);
    expect(await client.cmd('MAIL FROM:<pause@example.com>')).toMatch(/^250/);
    await sleep(500);
    expect(await client.cmd(`RCPT TO:<${alias.address}>`)).toMatch(/^250/);
    expect(await client.cmd('DATA')).toMatch(/^354/);
    client.write(simpleMessage({ subject: 'after pauses' }) + '.\r\n');
    expect(await client.reply()).toMatch(/^250 /);
    client.end();
    expect(await listInboundForAlias(services.database.db, alias.id)).toHaveLength(1);
  });

  it('counts refused recipients per client address across sessions: probing by reconnecting gets 421', async () => {
    const mx = await startMx(probed, { port: 0, limits: { maxBadRecipients: 10, badRecipientDelayMs: 100 } });
    servers.push(mx);
    const probe = async () => {
      const { client, greeting } = await RawSmtp.open(mx.port, { localAddress: '127.0.3.1' });
      if (!greeting.startsWith('220')) return greeting;
      const [r] = await client.envelope('probe@example.com', [`guess-${rand()}@${MAIL_DOMAIN}`]);
      client.end();
      return r!;
    };
    const replies = [await probe(), await probe(), await probe(), await probe()];
    expect(replies.slice(0, 3).every((r) => r.startsWith('550 5.1.1'))).toBe(true);
    expect(replies[3]).toMatch(/^421 4\.7\.0 /);
    // Now every new session from that address is refused at the greeting, after a delay.
    expect(await probe()).toMatch(/^421 4\.7\.0 Too many invalid recipients/);
    // Another address is not affected.
    const { client, greeting } = await RawSmtp.open(mx.port, { localAddress: '127.0.3.2' });
    expect(greeting).toMatch(/^220 /);
    client.end();
  });

  it('refuses source-routed and malformed MAIL FROM; the null sender is accepted', async () => {
    const mx = await mxWith();
    const { client } = await RawSmtp.open(mx.port, { localAddress: '127.0.4.1' });
    await client.cmd('EHLO client.test');
    expect(await client.cmd('MAIL FROM:<@relay.example,@other.example:user@example.com>')).toMatch(/^553 5\.1\.7 /);
    expect(await client.cmd('MAIL FROM:<root@localhost>')).toMatch(/^553 5\.1\.7 /);
    expect(await client.cmd('MAIL FROM:<user@[192.0.2.1]>')).toMatch(/^553 5\.1\.7 /);
    expect(await client.cmd('MAIL FROM:user@example.com')).toMatch(/^501 /);
    expect(await client.cmd('MAIL FROM:<>')).toMatch(/^250 /);
    expect(await client.cmd('RSET')).toMatch(/^250 /);
    expect(await client.cmd('MAIL FROM:<user@example.com>')).toMatch(/^250 /);
    client.end();
  });
});
