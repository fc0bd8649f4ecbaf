import { describe, expect, it } from 'vitest';
import { cleanFilename, isMessageId, parseMail, WARNINGS, wellFormedReferences } from './parse';

const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'));

describe('parseMail', () => {
  it('reads a multipart/alternative message with an inline image and an attachment', async () => {
    const raw = crlf(`From: "Shop Team" <team@shop.example>
To: someone@alias.localhost
Subject: =?UTF-8?Q?Your_order_=E2=9C=93?=
Date: Tue, 03 Mar 2026 10:00:00 +0000
Message-ID: <abc@shop.example>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="mix"

--mix
Content-Type: multipart/related; boundary="rel"

--rel
Content-Type: multipart/alternative; boundary="alt"

--alt
Content-Type: text/plain; charset=utf-8

Hello plain
--alt
Content-Type: text/html; charset=utf-8

<p>Hello <b>html</b><img src="cid:logo@shop"></p>
--alt--
--rel
Content-Type: image/png
Content-ID: <logo@shop>
Content-Disposition: inline; filename="logo.png"
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--rel--
--mix
Content-Type: application/pdf; name="../../etc/invoice\\".pdf"
Content-Disposition: attachment; filename="../../etc/invoice\\".pdf"
Content-Transfer-Encoding: base64

JVBERi0xLjQK
--mix--
`);
    const m = await parseMail(raw);
    expect(m.senderLabel).toBe('Shop Team');
    expect(m.senderAddress).toBe('team@shop.example');
    expect(m.subject).toBe('Your order ✓');
    expect(m.text?.trim()).toBe('Hello plain');
    expect(m.html).toContain('cid:logo@shop');
    expect(m.sentAt?.toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(m.messageId).toBe('<abc@shop.example>');
    expect(m.warnings).toEqual([]);
    expect(m.attachments).toHaveLength(2);
    const [logo, pdf] = m.attachments;
    expect(logo).toMatchObject({ filename: 'logo.png', contentType: 'image/png', cid: 'logo@shop', embedded: true });
    expect(pdf!.embedded).toBe(false);
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).not.toMatch(/[\\/"]/);
    expect(pdf!.size).toBe(pdf!.content.length);
  });

  it('lists as attachments only the parts the HTML does not show through cid:', async () => {
    const raw = crlf(`From: news@shop.example
Subject: Newsletter
MIME-Version: 1.0
Content-Type: multipart/related; boundary="rel"

--rel
Content-Type: text/html; charset=utf-8

<p><img src="cid:Banner%40Shop"><img src="https://shop.example/x.png"></p>
--rel
Content-Type: image/png
Content-ID: <banner@shop>
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--rel
Content-Type: application/pdf
Content-ID: <terms@shop>
Content-Disposition: inline; filename="terms.pdf"
Content-Transfer-Encoding: base64

JVBERi0xLjQK
--rel--
`);
    const m = await parseMail(raw);
    expect(m.attachments.map((a) => [a.cid, a.embedded])).toEqual([
      ['banner@shop', true],
      // Inline with a Content-ID, but the HTML never shows it: still listed, or it could not be reached.
      ['terms@shop', false],
    ]);
  });

  it('uses the address as label when there is no display name', async () => {
    const m = await parseMail(crlf('From: plain@example.com\nSubject: x\n\nbody\n'));
    expect(m.senderLabel).toBe('plain@example.com');
  });

  it('flags a display name that looks like another address (H11)', async () => {
    const m = await parseMail(crlf('From: <any@attack.example>admin@legit.example\nSubject: x\n\nbody\n'));
    expect(m.senderAddress).toBe('any@attack.example');
    expect(m.warnings).toContain(WARNINGS.nameLooksLikeAddress);
  });

  it('flags several From headers and several mailboxes (M3)', async () => {
    const two = await parseMail(crlf('From: a@one.example\nFrom: b@two.example\nSubject: x\n\nbody\n'));
    expect(two.warnings).toContain(WARNINGS.multipleFrom);
    const many = await parseMail(crlf('From: a@one.example, b@two.example\nSubject: x\n\nbody\n'));
    expect(many.warnings).toContain(WARNINGS.multipleMailboxes);
    const none = await parseMail(crlf('Subject: x\n\nbody\n'));
    expect(none.warnings).toContain(WARNINGS.noFrom);
    expect(none.senderAddress).toBe('');
  });

  it('degrades on an unknown charset and bad base64 instead of throwing (M4)', async () => {
    const m = await parseMail(
      crlf(`From: a@b.example
Subject: x
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary=b

--b
Content-Type: text/plain; charset=x-no-such-charset

caf\xe9 text
--b
Content-Type: application/octet-stream
Content-Transfer-Encoding: base64

!!!not base64***
--b--
`),
    );
    expect(m.text).toContain('caf');
    expect(m.attachments).toHaveLength(1);
  });

  it('never throws on garbage', async () => {
    for (const raw of [
      Buffer.alloc(0),
      Buffer.from('\x00\x01\x02'),
      Buffer.from('no headers at all'),
      crlf('Content-Type: multipart/mixed\n\n--\n--'),
    ]) {
      await expect(parseMail(raw)).resolves.toBeTruthy();
    }
  });

  it('strips control characters from the subject (header injection)', async () => {
    const m = await parseMail(crlf('From: a@b.example\nSubject: =?UTF-8?Q?a=0D=0ABcc:_x@y?=\n\nbody\n'));
    expect(m.subject).not.toMatch(/[\r\n]/);
  });

  it('strips bidi controls from the subject, the sender name and attachment names', async () => {
    const rlo = Buffer.from('\u202e').toString('base64');
    const raw = crlf(
      [
        `From: =?UTF-8?B?${Buffer.from('Bank\u2067 Support\u2069').toString('base64')}?= <a@b.example>`,
        `Subject: =?UTF-8?B?${Buffer.from('Invoice \u202aattached\u202c').toString('base64')}?=`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary=b',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'see attachment',
        '--b',
        `Content-Type: application/octet-stream; name="=?UTF-8?B?${Buffer.from('invoice\u202efdp.exe').toString('base64')}?="`,
        'Content-Disposition: attachment',
        'Content-Transfer-Encoding: base64',
        '',
        rlo,
        '--b--',
        '',
      ].join('\n'),
    );
    const m = await parseMail(raw);
    expect(m.subject).toBe('Invoice attached');
    expect(m.senderLabel).toBe('Bank Support');
    expect(m.attachments.map((a) => a.filename)).toEqual(['invoicefdp.exe']);
  });
});

describe('cleanFilename', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['a\r\nContent-Type: text/html', 'a Content-Type_ text_html'],
    ['"quoted".txt', '_quoted_.txt'],
  ])('%j → %j', (input, out) => {
    expect(cleanFilename(input, 0, 'text/plain')).toBe(out);
  });
  it('names unnamed parts', () => {
    expect(cleanFilename(undefined, 2, 'image/png')).toBe('attachment-3.png');
    expect(cleanFilename('', 0, 'application/vnd.x+y')).toBe('attachment-1.bin');
  });
  it('keeps long names short with their extension', () => {
    const name = cleanFilename('x'.repeat(500) + '.pdf', 0, 'application/pdf');
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('Message-IDs a reply may carry (docs/security.md W23)', () => {
  it('accepts only RFC 5322 msg-ids', () => {
    for (const ok of ['<a@b>', '<a.b+c@host.example>', "<x!#$%&'*+/=?^_`{|}~-@h>", '<id@[10.0.0.1]>'])
      expect(isMessageId(ok)).toBe(true);
    for (const bad of [
      'a@b',
      '<a>',
      '<a@b@c>',
      '<a b@c>',
      '<a@b>>',
      '<a@b>\r\nBcc: x@y',
      '<.a@b>',
      '<a..b@c>',
      '<a@[x]y>',
      `<${'a'.repeat(500)}@b>`,
      null,
      '',
    ]) {
      expect(isMessageId(bad)).toBe(false);
    }
  });

  it('keeps the last 30 well-formed references', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `<r${i}@h>`);
    expect(wellFormedReferences(['junk', ...ids, null])).toEqual(ids.slice(-30));
  });
});
