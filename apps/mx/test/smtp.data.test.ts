import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listInboundForAlias } from '@app/db';
import { openInboundRaw, type Services } from '@app/runtime';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMx, type MxHandle } from '../src/index';
import { createAliasRow, createMember, RawSmtp, simpleMessage, sleep, testServices, trickling } from '@app/testing';

let services: Services;
let accountId: number;
const servers: MxHandle[] = [];
let mx: MxHandle;

const MAX = 64 * 1024;

async function mxWith(opts: Parameters<typeof startMx>[1] = {}): Promise<MxHandle> {
  const h = await startMx(services, { port: 0, ...opts });
  servers.push(h);
  return h;
}

beforeAll(async () => {
  services = await testServices({ SMTP_MAX_SIZE: String(MAX) });
  accountId = (await createMember(services)).account.id;
  mx = await mxWith();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  if (services) await services.close();
});

/** The spooled rows of an alias, their raw bytes opened as the worker opens them. */
const inboundOf = async (aliasId: number) =>
  (await listInboundForAlias(services.database.db, aliasId)).map((row) => ({ ...row, raw: openInboundRaw(services.keys, row) }));

async function sendRaw(port: number, to: string[], data: string | Buffer, from = 'sender@example.com') {
  const { client } = await RawSmtp.open(port);
  await client.envelope(from, to);
  const go = await client.cmd('DATA');
  if (!go.startsWith('354')) throw new Error(go);
  client.write(data);
  // The CRLF before the dot ends the last line and belongs to the message (RFC 5321 §4.1.1.4).
  const text = typeof data === 'string' ? data : data.toString('latin1');
  client.write(text.endsWith('\r\n') ? '.\r\n' : '\r\n.\r\n');
  const reply = await client.reply();
  return { client, reply };
}

describe('session and extensions', () => {
  it('advertises SIZE, PIPELINING, 8BITMIME and SMTPUTF8; no AUTH, no STARTTLS without a certificate', async () => {
    const { client, greeting } = await RawSmtp.open(mx.port);
    expect(greeting).toMatch(/^220 /);
    const ehlo = await client.cmd('EHLO client.test');
    expect(ehlo).toContain(`SIZE ${MAX}`);
    for (const ext of ['PIPELINING', '8BITMIME', 'SMTPUTF8']) expect(ehlo).toContain(ext);
    expect(ehlo).not.toMatch(/STARTTLS|AUTH/);
    client.end();
  });

  it('refuses a client that talks before the banner (S3)', async () => {
    const { connect } = await import('node:net');
    const reply = await new Promise<string>((resolve) => {
      const s = connect(mx.port, '127.0.0.1', () => s.write('EHLO early.test\r\n'));
      let buf = '';
      s.on('data', (d) => (buf += d.toString()));
      s.on('close', () => resolve(buf));
    });
    expect(reply).toMatch(/421 .*too soon/i);
  });

  it('offers STARTTLS with a configured certificate and delivers over it (S10)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mx-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    const tlsMx = await mxWith({ tls: { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) } });
    const { client } = await RawSmtp.open(tlsMx.port);
    expect(await client.cmd('EHLO client.test')).toContain('STARTTLS');
    client.end();
    const alias = await createAliasRow(services, accountId);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: tlsMx.port,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    const info = await transport.sendMail({ from: 'tls@example.com', to: alias.address, subject: 'over TLS', text: 'hi' });
    expect(info.response).toMatch(/^250 /);
    expect(await inboundOf(alias.id)).toHaveLength(1);
  });
});

describe('durable accept (D1, D2, D8)', () => {
  it('stores the exact bytes and the envelope before answering 250', async () => {
    const alias = await createAliasRow(services, accountId);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mx.port, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({
      envelope: { from: 'bounce@sender.example', to: [alias.address.toUpperCase()] },
      from: 'Sender <sender@example.com>',
      to: alias.address,
      subject: 'Grüße ✓',
      text: 'Body with ünïcode\n.leading dot line\n',
    });
    const [row] = await inboundOf(alias.id);
    expect(info.response).toBe(`250 2.0.0 Ok: queued as ${row!.id}`);
    expect(row!.state).toBe('queued');
    expect(row!.mailFrom).toBe('bounce@sender.example');
    expect(row!.rcptTo.map((r) => r.toLowerCase())).toEqual([alias.address]);
    expect(row!.aliasIds).toEqual([alias.id]);
    expect(row!.remoteIp).toMatch(/127\.0\.0\.1/);
    expect(row!.helo).toBeTruthy();
    expect(row!.raw!.toString('utf8')).toContain('\r\n.leading dot line'); // dot-unstuffed
    expect(row!.size).toBe(row!.raw!.length);
  });

  it('stores byte-identical raw data, 8-bit included', async () => {
    const alias = await createAliasRow(services, accountId);
    const body = Buffer.concat([
      Buffer.from(simpleMessage({ subject: 'bytes' }), 'latin1'),
      Buffer.from([0xe9, 0xff, 0x80, 0x0d, 0x0a]),
    ]);
    const { reply, client } = await sendRaw(mx.port, [alias.address], body);
    client.end();
    expect(reply).toMatch(/^250 /);
    const [row] = await inboundOf(alias.id);
    expect(Buffer.compare(row!.raw!, body)).toBe(0);
  });

  it('writes the raw message sealed, never in clear (AR1)', async () => {
    const alias = await createAliasRow(services, accountId);
    const body = Buffer.from(simpleMessage({ subject: 'spool-marker-subject', body: 'spool-marker-body' }), 'latin1');
    const { reply, client } = await sendRaw(mx.port, [alias.address], body);
    client.end();
    expect(reply).toMatch(/^250 /);
    const [stored] = await listInboundForAlias(services.database.db, alias.id);
    expect(stored!.rawKey).not.toBeNull();
    expect(stored!.raw!.includes(Buffer.from('spool-marker'))).toBe(false);
    expect(stored!.size).toBe(body.length);
    expect(Buffer.compare(openInboundRaw(services.keys, stored!)!, body)).toBe(0);
  });

  it('answers only after the commit returns (D1)', async () => {
    const alias = await createAliasRow(services, accountId);
    let committed = false;
    // The commit is held back a while: the 250 must still come after it.
    services.faults = {
      beforeInboundCommit: async () => {
        await sleep(300);
        committed = true;
      },
    };
    try {
      const { reply, client } = await sendRaw(mx.port, [alias.address], simpleMessage());
      const committedBeforeReply = committed;
      client.end();
      expect(reply).toMatch(/^250 /);
      expect(committedBeforeReply).toBe(true);
      expect(await inboundOf(alias.id)).toHaveLength(1);
    } finally {
      services.faults = undefined;
    }
  });

  it('answers a storage failure with a fixed 451 4.3.0 that reveals nothing, and stores nothing (D2, D8)', async () => {
    const a = await createAliasRow(services, accountId);
    const b = await createAliasRow(services, accountId);
    const secret = 'relation "inbound" violates check at db-7.internal:5432 (SECRET-XYZ)';
    services.faults = {
      beforeInboundCommit: async () => {
        throw new Error(secret);
      },
    };
    try {
      const { reply, client } = await sendRaw(mx.port, [a.address, b.address], simpleMessage());
      expect(reply).toMatch(/^451 4\.3\.0 /);
      expect(reply).not.toMatch(/SECRET|relation|internal|5432/);
      // The session goes on; a retry after the fault stores the message once for both aliases.
      services.faults = undefined;
      await client.cmd('RSET');
      await client.cmd(`MAIL FROM:<sender@example.com>`);
      await client.cmd(`RCPT TO:<${a.address}>`);
      await client.cmd(`RCPT TO:<${b.address}>`);
      await client.cmd('DATA');
      client.write(simpleMessage() + '.\r\n');
      expect(await client.reply()).toMatch(/^250 /);
      client.end();
    } finally {
      services.faults = undefined;
    }
    const rowsA = await inboundOf(a.id);
    expect(rowsA).toHaveLength(1);
    expect(rowsA[0]!.aliasIds.sort()).toEqual([a.id, b.id].sort());
    expect(await inboundOf(b.id)).toHaveLength(1);
  });
});

describe('message limits (S4, S9)', () => {
  it('refuses a declared SIZE over the limit at MAIL FROM with 552', async () => {
    const { client } = await RawSmtp.open(mx.port);
    await client.cmd('EHLO client.test');
    expect(await client.cmd(`MAIL FROM:<big@example.com> SIZE=${MAX + 1}`)).toMatch(/^552 /);
    client.end();
  });

  it('refuses an oversized message with 552 5.3.4 and stores nothing', async () => {
    const alias = await createAliasRow(services, accountId);
    const big = simpleMessage({ body: ('x'.repeat(998) + '\r\n').repeat(10 * 66) });
    expect(big.length).toBeGreaterThan(10 * MAX);
    const { reply, client } = await sendRaw(mx.port, [alias.address], big);
    expect(reply).toMatch(/^552 5\.3\.4 /);
    // The session survives the refusal.
    expect(await client.cmd('NOOP')).toMatch(/^250/);
    client.end();
    expect(await inboundOf(alias.id)).toHaveLength(0);
  });

  it('refuses a mail loop (over 100 Received headers) with 554', async () => {
    const alias = await createAliasRow(services, accountId);
    const loop = 'Received: from a by b; Tue, 03 Mar 2026 10:00:00 +0000\r\n'.repeat(101) + simpleMessage();
    const { reply, client } = await sendRaw(mx.port, [alias.address], loop);
    client.end();
    expect(reply).toMatch(/^554 5\.4\.6 /);
    expect(await inboundOf(alias.id)).toHaveLength(0);
  });
});

describe('SMTP smuggling (S1, S2): bare CR/LF is refused, never split into a second message', () => {
  const payloads: Array<[string, string]> = [
    ['\\n.\\r\\n', '\n.\r\n'],
    ['\\r.\\r\\n', '\r.\r\n'],
    ['\\r\\n.\\r', '\r\n.\r'],
    ['\\n.\\n', '\n.\n'],
    ['\\r.\\r', '\r.\r'],
  ];
  it.each(payloads)('payload %s + a second MAIL FROM inside DATA', async (_name, end) => {
    const alias = await createAliasRow(services, accountId);
    const smuggled =
      simpleMessage({ subject: 'carrier' }) +
      'first part' +
      end +
      'MAIL FROM:<admin@victim.example>\r\n' +
      `RCPT TO:<${alias.address}>\r\n` +
      'DATA\r\n' +
      'From: admin@victim.example\r\nSubject: SMUGGLED\r\n\r\nsmuggled body\r\n';
    const { reply, client } = await sendRaw(mx.port, [alias.address], smuggled);
    expect(reply).toMatch(/^550 5\.5\.2 /);
    // Nothing smuggled ran as a command: the session is back at the start of a transaction.
    expect(await client.cmd(`RCPT TO:<${alias.address}>`)).toMatch(/^503 /);
    // A clean message in the same session is accepted: exactly one message in the end.
    await client.cmd('MAIL FROM:<sender@example.com>');
    await client.cmd(`RCPT TO:<${alias.address}>`);
    await client.cmd('DATA');
    client.write(simpleMessage({ subject: 'clean' }) + '.\r\n');
    expect(await client.reply()).toMatch(/^250 /);
    client.end();
    const rows = await inboundOf(alias.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.raw!.toString()).toContain('Subject: clean');
    expect(rows[0]!.raw!.toString()).not.toContain('SMUGGLED');
  });

  it('refuses bare LF line endings in ordinary content too (documented choice)', async () => {
    const alias = await createAliasRow(services, accountId);
    const { reply, client } = await sendRaw(mx.port, [alias.address], 'Subject: lf\n\nline one\nline two');
    client.end();
    expect(reply).toMatch(/^550 5\.5\.2 /);
    expect(await inboundOf(alias.id)).toHaveLength(0);
  });
});

describe('connections and timeouts (S7, S8, D10)', () => {
  it('limits connections per IP with 421 4.7.0', async () => {
    const limited = await mxWith({ limits: { maxPerIp: 2 } });
    const a = await RawSmtp.open(limited.port);
    const b = await RawSmtp.open(limited.port);
    const c = await RawSmtp.open(limited.port);
    expect(a.greeting).toMatch(/^220/);
    expect(b.greeting).toMatch(/^220/);
    expect(c.greeting).toMatch(/^421 4\.7\.0 /);
    a.client.end();
    await sleep(200);
    const d = await RawSmtp.open(limited.port);
    expect(d.greeting).toMatch(/^220/);
    for (const x of [b, c, d]) x.client.end();
  });

  it('closes an idle session', async () => {
    const idle = await mxWith({ limits: { idleTimeoutMs: 300 } });
    const { client } = await RawSmtp.open(idle.port);
    expect(await client.reply()).toMatch(/^421 /);
    expect(await client.waitClosed()).toBe(true);
  });

  it('closes a trickling DATA transfer with 421 and stores nothing', async () => {
    const slow = await mxWith({ limits: { dataTimeoutMs: 600, idleTimeoutMs: 10_000 } });
    const alias = await createAliasRow(services, accountId);
    const { client } = await RawSmtp.open(slow.port);
    await client.envelope('slow@example.com', [alias.address]);
    expect(await client.cmd('DATA')).toMatch(/^354/);
    const msg = simpleMessage();
    await trickling(client, msg, 100, async () => {
      expect(await client.reply()).toMatch(/^421 4\.4\.2 /);
      expect(await client.waitClosed()).toBe(true);
    });
    expect(await inboundOf(alias.id)).toHaveLength(0);
  });

  it('finishes a DATA in progress on shutdown with 250, then refuses new sessions (D10)', async () => {
    const closing = await startMx(services, { port: 0 });
    const alias = await createAliasRow(services, accountId);
    const idle = await RawSmtp.open(closing.port);
    const { client } = await RawSmtp.open(closing.port);
    await client.envelope('late@example.com', [alias.address]);
    await client.cmd('DATA');
    const msg = simpleMessage({ subject: 'during shutdown' });
    client.write(msg.slice(0, 50));
    await sleep(50);
    const closed = closing.close();
    await sleep(100);
    // The idle session is told at once; the one in DATA completes.
    expect(await idle.client.reply()).toMatch(/^421 /);
    client.write(msg.slice(50) + '.\r\n');
    expect(await client.reply()).toMatch(/^250 /);
    client.end();
    await closed;
    expect(await inboundOf(alias.id)).toHaveLength(1);
    const after = await RawSmtp.open(closing.port).catch(() => null);
    expect(after?.greeting ?? '(refused)').not.toMatch(/^220/);
  });
});
