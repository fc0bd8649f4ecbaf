import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createMailSender,
  describeSendError,
  invitationMail,
  isPermanentSendError,
  RelayNotConfiguredError,
  resetMail,
  credentialChangeMail,
  testMail,
} from './outbound';

const XSS = `<img src=x onerror="alert(1)">&'`;

describe('outbound templates', () => {
  it('escapes every interpolated value in the HTML part', () => {
    const link = 'https://mail.example/auth/redeem/abc?x="><script>alert(1)</script>';
    const m = invitationMail({ name: XSS, message: `Hi!\n\n${XSS}`, link, inviterName: XSS, days: 14 });
    expect(m.html).not.toContain('<img');
    expect(m.html).not.toContain('<script>');
    expect(m.html).not.toContain('onerror="');
    expect(m.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    // The text part carries the values as they are, and the link whole.
    expect(m.text).toContain(link);
    expect(m.text).toContain('14 days');
    expect(m.subject).not.toContain(XSS);
  });

  it('keeps line breaks out of one-line values', () => {
    const m = resetMail({ name: 'Ann\r\nBcc: evil@example.com', link: 'https://x.example/auth/reset/c', hours: 1 });
    expect(m.text).toContain('Hello Ann Bcc: evil@example.com,');
    expect(m.text).toContain('expires in 1 hour.');
    expect(m.html).toContain('href="https://x.example/auth/reset/c"');
  });

  it('the credential-change mail names the change, the time and the address, on one line each', () => {
    const m = credentialChangeMail({
      name: 'Ann',
      what: 'A passkey was added\r\nBcc: evil@example.com',
      when: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      from: '203.0.113.9\n<b>x</b>',
      link: 'https://x.example/account/profile',
    });
    expect(m.subject).toBe('Security notice: a passkey was added Bcc: evil@example.com');
    expect(m.text).toContain('When: 2026-01-02 03:04:05 UTC');
    expect(m.text).toContain('From the address: 203.0.113.9 <b>x</b>');
    expect(m.html).toContain('203.0.113.9 &lt;b&gt;x&lt;/b&gt;');
    expect(m.html).toContain('href="https://x.example/account/profile"');
  });

  it('has a test mail', () => {
    const m = testMail({ when: new Date(0), publicUrl: 'http://localhost:3000' });
    expect(m.text).toContain('1970-01-01T00:00:00.000Z');
  });
});

describe('mail sender', () => {
  it('without a relay refuses every send with a configuration error', async () => {
    const s = createMailSender(undefined);
    expect(s.configured).toBe(false);
    const err = await s.send({ from: 'a@b.example', to: 'c@d.example', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RelayNotConfiguredError);
    expect(isPermanentSendError(err)).toBe(true);
    expect(describeSendError(err).relatedTo).toEqual(['SMTP_RELAY_URL']);
  });

  it('a relay that is down is a temporary error whose description hides credentials', async () => {
    // Find a closed loopback port.
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as { port: number }).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const s = createMailSender(`smtp://user:secret@127.0.0.1:${port}`, { timeoutMs: 2000 });
    const err = await s.send({ from: 'a@b.example', to: 'c@d.example', subject: 's', text: 't' }).catch((e: unknown) => e);
    s.close();
    expect(isPermanentSendError(err)).toBe(false);
    const d = describeSendError(err);
    expect(d.message).not.toContain('secret');
    expect(d.relatedTo).toEqual(['relay']);
  });

  it('5xx replies are permanent', () => {
    expect(isPermanentSendError(Object.assign(new Error('x'), { responseCode: 550 }))).toBe(true);
    expect(isPermanentSendError(Object.assign(new Error('x'), { responseCode: 451 }))).toBe(false);
    expect(describeSendError(Object.assign(new Error('550 no such user'), { command: 'RCPT TO' }), 'x@y.example')).toEqual({
      message: '550 no such user',
      relatedTo: ['x@y.example'],
    });
  });
});
