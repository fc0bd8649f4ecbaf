import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFresh, type Embedded } from './harness';
import { createMember, testCertificate } from '@app/testing';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./mail-clients/clients.py', import.meta.url));
/** A loopback address that plays the load balancer: what it announces in a PROXY line is the client. */
const BALANCER = '127.0.0.2';

/** A raw client: what the server said so far, and a wait for a text in it. */
function wire(socket: Socket) {
  const c = { seen: '', socket };
  socket.on('data', (d: Buffer) => (c.seen += d.toString('latin1')));
  return {
    c,
    send: (line: string) => c.socket.write(`${line}\r\n`),
    waitFor: (text: string) => expect.poll(() => c.seen, { timeout: 10_000 }).toContain(text),
    /** Starts TLS over the connection, checking the server's certificate against `ca`. */
    async upgrade(ca: Buffer) {
      const secure = connectTls({ socket: c.socket, ca, servername: 'localhost' });
      await new Promise<void>((resolve, reject) => secure.once('secureConnect', resolve).once('error', reject));
      c.seen = '';
      c.socket = secure;
      secure.on('data', (d: Buffer) => (c.seen += d.toString('latin1')));
    },
  };
}

/**
 * docs/mail-clients.md, TLS: STARTTLS / STLS on the plain ports and implicit TLS on IMAPS_PORT /
 * POP3S_PORT, with a certificate made for the test and checked by the clients (Python's imaplib and
 * poplib); a password in clear is refused to a client that is not on this machine.
 */
describe('mail clients over TLS', () => {
  let e: Embedded;
  let handle: string;
  let token: string;
  let cafile: string;
  let ca: Buffer;
  let raw: string;

  beforeAll(async () => {
    const { keyFile: key, certFile: cert } = testCertificate('DNS:localhost', 'IP:127.0.0.1');
    cafile = cert;
    ca = readFileSync(cert);
    e = await startFresh({
      SMTP_TLS_KEY: key,
      SMTP_TLS_CERT: cert,
      IMAPS_PORT: '0',
      POP3S_PORT: '0',
      SMTP_PROXY_FROM: BALANCER,
    });
    const member = await createMember(e.app.services);
    handle = member.handle;
    const me = await e.login(handle, member.password);
    const base = `/api/account/${member.account.id}`;
    const alias = (await e.call('POST', `${base}/alias`, me, {})).json.alias as { id: number; address: string };
    token = (await e.call('POST', `${base}/tokens`, me, { label: 'phone', scope: 'mail', expires_in_days: 30 })).json
      .token as string;
    raw = [
      'From: Pal <pal@friend.example>',
      `To: ${alias.address}`,
      'Subject: over TLS',
      'Message-ID: <tls@friend.example>',
      '',
      'Sealed at rest, encrypted on the wire.',
      '',
    ].join('\r\n');
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: e.app.smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({ envelope: { from: 'pal@friend.example', to: [alias.address] }, raw });
    smtp.close();
    const count = async () => ((await e.call('GET', `${base}/alias/${alias.id}/messages`, me)).json.messages as unknown[]).length;
    for (let i = 0; i < 200 && (await count()) < 1; i++) await new Promise((r) => setTimeout(r, 100));
  }, 300_000);
  afterAll(() => e?.close());

  const py = async (how: string, port: number) => {
    const args = [SCRIPT, 'tls', '127.0.0.1', String(port), handle, token, how, cafile];
    const { stdout } = await run('python3', args, { timeout: 30_000 });
    return JSON.parse(stdout) as { body: string; cipher: string; capability_before?: string[] };
  };

  it('IMAP: STARTTLS (imaplib.starttls) and implicit TLS (IMAP4_SSL) serve the bytes sent', async () => {
    expect(e.app.imapsPort).not.toBeNull();
    const starttls = await py('imap-starttls', e.app.imapPort);
    expect(starttls.capability_before).toContain('STARTTLS');
    expect(starttls.body).toBe(raw);
    expect(starttls.cipher).toMatch(/^TLSv1\.[23]$/);
    const implicit = await py('imaps', e.app.imapsPort!);
    expect(implicit.body).toBe(raw);
    expect(implicit.cipher).toMatch(/^TLSv1\.[23]$/);
  });

  it('POP3: STLS (poplib.stls) and implicit TLS (POP3_SSL) serve the bytes sent', async () => {
    expect(e.app.pop3sPort).not.toBeNull();
    const stls = await py('pop3-stls', e.app.pop3Port);
    expect(stls.capability_before).toContain('STLS');
    expect(stls.body).toBe(raw);
    const implicit = await py('pop3s', e.app.pop3sPort!);
    expect(implicit.body).toBe(raw);
  });

  it('IMAP: refuses a password in clear from another host, takes it after STARTTLS', async () => {
    const { c, send, waitFor, upgrade } = wire(connect({ host: '127.0.0.1', port: e.app.imapPort, localAddress: BALANCER }));
    c.socket.write('PROXY TCP4 203.0.113.9 127.0.0.1 40000 143\r\n');
    await waitFor('* OK');
    send('a CAPABILITY');
    await waitFor('a OK');
    expect(c.seen).toContain('LOGINDISABLED');
    expect(c.seen).not.toContain('AUTH=PLAIN');
    send(`b LOGIN ${handle} "${token}"`);
    await waitFor('b NO [PRIVACYREQUIRED]');
    send('c STARTTLS');
    await waitFor('c OK');
    await upgrade(ca);
    send(`d LOGIN ${handle} "${token}"`);
    await waitFor('d OK');
    c.socket.end();
  });

  it('POP3: refuses USER in clear from another host, takes it after STLS', async () => {
    const { c, send, waitFor, upgrade } = wire(connect({ host: '127.0.0.1', port: e.app.pop3Port, localAddress: BALANCER }));
    c.socket.write('PROXY TCP4 203.0.113.9 127.0.0.1 40000 110\r\n');
    await waitFor('+OK');
    send(`USER ${handle}`);
    await waitFor('-ERR Sign-in needs TLS');
    send('STLS');
    await waitFor('+OK Begin TLS');
    await upgrade(ca);
    send(`USER ${handle}`);
    await waitFor('+OK');
    send(`PASS ${token}`);
    await waitFor('+OK');
    expect(c.seen).not.toContain('-ERR');
    send('QUIT');
    c.socket.end();
  });
});
