import type { Services } from '@app/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMx, type MxHandle } from '../src/index';
import { MAIL_DOMAIN, rand, RawSmtp, testServices } from '@app/testing';

const servers: MxHandle[] = [];
/** Services with the refused-recipient limits (`mx:bad-rcpt`, packages/runtime/src/rate-limit.ts) each test sets. */
let ipv4: Services;
let ipv6: Services;

const withLimits = (perIp: number, perNetwork: number) =>
  testServices({ MX_MAX_BAD_RCPTS_PER_IP: String(perIp), MX_MAX_BAD_RCPTS_PER_NETWORK: String(perNetwork) });

beforeAll(async () => {
  [ipv4, ipv6] = await Promise.all([withLimits(3, 4), withLimits(100, 2)]);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const s of [ipv4, ipv6]) if (s) await s.close();
});

/** One session from `from` (to the mx at `host`): its greeting, or the replies to `count` unknown recipients. */
async function probe(mx: MxHandle, count: number, opts: { from?: string; host?: string } = {}): Promise<string[]> {
  const { client, greeting } = await RawSmtp.open(mx.port, { localAddress: opts.from, host: opts.host });
  try {
    if (!greeting.startsWith('220')) return [greeting];
    return await client.envelope(
      'probe@example.com',
      Array.from({ length: count }, () => `guess-${rand()}@${MAIL_DOMAIN}`),
    );
  } finally {
    client.end();
  }
}

describe('refused recipients are counted per network too (S6)', () => {
  it('IPv4: addresses of one /24 share a count; past it their RCPTs and new sessions get 421, another /24 is not affected', async () => {
    const mx = await startMx(ipv4, { port: 0, limits: { badRecipientDelayMs: 100 } });
    servers.push(mx);
    // Each address stays under its own limit of 3; together they fill the network's 4.
    expect(await probe(mx, 2, { from: '127.0.0.2' })).toEqual([
      expect.stringMatching(/^550 5\.1\.1 /),
      expect.stringMatching(/^550 5\.1\.1 /),
    ]);
    const third = await probe(mx, 3, { from: '127.0.0.3' });
    expect(third.slice(0, 2)).toEqual([expect.stringMatching(/^550 5\.1\.1 /), expect.stringMatching(/^550 5\.1\.1 /)]);
    expect(third[2]).toMatch(/^421 4\.7\.0 Too many invalid recipients/);
    // An address of that network that never refused a recipient cannot open a session.
    expect(await probe(mx, 1, { from: '127.0.0.4' })).toEqual([
      expect.stringMatching(/^421 4\.7\.0 Too many invalid recipients/),
    ]);
    expect(await probe(mx, 1, { from: '127.0.1.4' })).toEqual([expect.stringMatching(/^550 5\.1\.1 /)]);
  });

  it('IPv6: the /64 count refuses before the address count does', async () => {
    const mx = await startMx(ipv6, { port: 0, host: '::1', limits: { badRecipientDelayMs: 100 } });
    servers.push(mx);
    const replies = await probe(mx, 3, { host: '::1' });
    expect(replies.slice(0, 2)).toEqual([expect.stringMatching(/^550 5\.1\.1 /), expect.stringMatching(/^550 5\.1\.1 /)]);
    expect(replies[2]).toMatch(/^421 4\.7\.0 Too many invalid recipients/);
    expect(await probe(mx, 1, { host: '::1' })).toEqual([expect.stringMatching(/^421 4\.7\.0 Too many invalid recipients/)]);
  });
});
