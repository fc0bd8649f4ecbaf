import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { BLOCKED_SRC_ATTR, sanitizeHtml, textToHtml } from './sanitize';
import { interleavedHostileMail, xssVectors } from './testing/hostile-mail';

/** Asserts the sanitised HTML holds nothing that could run, navigate or fetch by itself. */
function assertInert(html: string) {
  const doc = new JSDOM(html).window.document;
  const all = [...doc.querySelectorAll('*')];
  for (const el of all) {
    const tag = el.tagName.toLowerCase();
    expect([
      'script',
      'iframe',
      'object',
      'embed',
      'form',
      'input',
      'button',
      'base',
      'meta',
      'link',
      'svg',
      'math',
      'frame',
      'frameset',
      'applet',
      'video',
      'audio',
      'source',
      'template',
      'noscript',
      'textarea',
      'select',
    ]).not.toContain(tag);
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      expect(name.startsWith('on'), `${tag}[${name}]`).toBe(false);
      expect(['srcset', 'formaction', 'action', 'xlink:href', 'http-equiv', 'ping', 'poster']).not.toContain(name);
      if (['href', 'src', 'background', 'action'].includes(name)) {
        const v = attr.value.trim().toLowerCase();
        expect(v, `${tag}[${name}]`).not.toMatch(/^(?:javascript|vbscript|file|data:text|data:application):?/);
        if (name !== 'href') expect(v, `${tag}[${name}] loads a remote resource`).not.toMatch(/^(?:https?:)?\/\//);
      }
      if (name === 'style') expect(attr.value).not.toMatch(/url\(\s*['"]?(?:https?:)?\/\//i);
    }
    if (tag === 'a' && el.hasAttribute('href')) {
      expect(el.getAttribute('target')).toBe('_blank');
      expect(el.getAttribute('rel')).toBe('noopener noreferrer');
    }
    if (tag === 'style') expect(el.textContent ?? '').not.toMatch(/@import|url\(\s*['"]?(?:https?:)?\/\//i);
  }
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/(?:href|src)\s*=\s*["']?\s*javascript:/i);
}

const VECTORS = xssVectors('https://evil.example');

describe('sanitizeHtml: XSS vectors (H1, H12)', () => {
  it.each(VECTORS)('%s', (_name, vector) => {
    assertInert(sanitizeHtml(vector).html);
    assertInert(
      sanitizeHtml(vector, {
        remoteImages: 'proxy',
        proxyUrl: (u) => `/api/image-proxy?url=${encodeURIComponent(u)}`,
      }).html.replace(/src="\/api\/image-proxy[^"]*"/g, ''),
    );
  });
});

describe('sanitizeHtml: hostile markup removes only itself', () => {
  const proxy = { remoteImages: 'proxy' as const, proxyUrl: (u: string) => `/api/image-proxy?url=${encodeURIComponent(u)}` };

  it('keeps every ordinary paragraph, table cell and link of a mail interleaving all vectors', () => {
    const mail = interleavedHostileMail('https://evil.example');
    for (const opts of [{}, proxy]) {
      const html = sanitizeHtml(mail.html, opts).html;
      assertInert(html.replace(/src="\/api\/image-proxy[^"]*"/g, ''));
      const doc = new JSDOM(html).window.document;
      const paragraphs = [...doc.querySelectorAll('p')].map((p) => p.textContent);
      const cells = [...doc.querySelectorAll('td')].map((td) => td.textContent);
      const links = [...doc.querySelectorAll('a[href]')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') }));
      for (const p of mail.paragraphs) expect(paragraphs, p).toContain(p);
      for (const c of mail.cells) expect(cells, c).toContain(c);
      for (const l of mail.links) expect(links, l.text).toContainEqual(l);
      // None of them ended up inside something that hides or reinterprets its content.
      for (const el of doc.querySelectorAll('p, td, a'))
        expect(el.closest('style, title, select, option, textarea, head')).toBeNull();
    }
  });

  it.each([
    ['iframe', '<iframe src="https://evil.example/">'],
    ['noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['xmp', '<xmp>'],
    ['plaintext', '<plaintext>'],
    ['comment', '<!--'],
    ['svg', '<svg><g><text>'],
    ['math namespace confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['nested openers', '<noembed><iframe><textarea><template><title>'],
  ])('an unclosed %s does not take the rest of the mail', (_name, opener) => {
    const html = sanitizeHtml(`<p>Before</p>${opener}<p>After <b>this</b></p><table><tr><td>Cell</td></tr></table>`).html;
    assertInert(html);
    const doc = new JSDOM(html).window.document;
    expect([...doc.querySelectorAll('p')].map((p) => p.textContent)).toEqual(expect.arrayContaining(['Before', 'After this']));
    expect(doc.querySelector('td')?.textContent).toBe('Cell');
  });

  it('cuts exactly the opener in mails with CRLF line ends and characters beyond the BMP', () => {
    const html = sanitizeHtml(
      '<p>😀 𝒳 é</p>\r\n<iframe src="https://evil.example/">\r\n<p>After 😀</p>\r\n<!--\r\n<p>Last</p>',
    ).html;
    const doc = new JSDOM(html).window.document;
    expect([...doc.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['😀 𝒳 é', 'After 😀', 'Last']);
  });

  it('still drops hostile content that is closed, and keeps an ordinary comment out', () => {
    const html = sanitizeHtml(
      '<p>a</p><iframe>x<p>inside</p></iframe><!-- note --><svg><text>svg text</text></svg><p>b</p>',
    ).html;
    expect(html).not.toMatch(/inside|svg text|note/);
    expect(html).toMatch(/<p>a<\/p>.*<p>b<\/p>/s);
  });
});

describe('sanitizeHtml: links and images', () => {
  it('keeps harmless markup and gives links target/rel', () => {
    const { html } = sanitizeHtml('<p style="color:red">Hi <a href="https://ok.example/x?a=1&b=2">there</a></p>');
    const doc = new JSDOM(html).window.document;
    const a = doc.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://ok.example/x?a=1&b=2');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(doc.querySelector('p')!.getAttribute('style')).toBe('color:red');
  });

  it('drops relative and protocol-relative links', () => {
    const doc = new JSDOM(sanitizeHtml('<a href="/api/x">a</a><a href="//evil.example/">b</a><a href="#top">c</a>').html).window
      .document;
    const hrefs = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, null, '#top']);
  });

  it('keeps the head styles of a whole document', () => {
    const { html } = sanitizeHtml('<html><head><style>p{color:blue}</style></head><body><p>x</p></body></html>');
    expect(html).toContain('p{color:blue}');
  });

  it('blocks remote images by default and keeps the original URL aside', () => {
    const r = sanitizeHtml('<img src="https://img.example/a.png" width="300">');
    const img = new JSDOM(r.html).window.document.querySelector('img')!;
    expect(img.hasAttribute('src')).toBe(false);
    expect(img.getAttribute(BLOCKED_SRC_ATTR)).toBe('https://img.example/a.png');
    expect(r.blockedImages).toBe(1);
  });

  it('proxies remote images when asked, but never tracking pixels (H7)', () => {
    const html =
      '<img src="https://img.example/a.png"><img src="https://t.example/p.gif" width="1" height="1">' +
      '<img src="https://t.example/q.gif" style="width:1px;height:1px"><img src="https://t.example/r.gif" style="max-height: 2px">' +
      '<img src="https://t.example/s.gif" style="display:none">';
    const r = sanitizeHtml(html, { remoteImages: 'proxy', proxyUrl: (u) => `/api/image-proxy?url=${encodeURIComponent(u)}` });
    const imgs = [...new JSDOM(r.html).window.document.querySelectorAll('img')];
    expect(imgs[0]!.getAttribute('src')).toBe('/api/image-proxy?url=https%3A%2F%2Fimg.example%2Fa.png');
    for (const img of imgs.slice(1)) expect(img.hasAttribute('src')).toBe(false);
    expect(r.trackers).toBe(4);
  });

  it('sends a click-tracking link straight to the destination it names, and keeps the link as sent', () => {
    const tracked = 'https://click.news.example/t?id=42&url=https%3A%2F%2Fshop.example%2Fsale%3Fa%3D1%26b%3D2';
    const r = sanitizeHtml(`<a href="${tracked}">Sale</a> <a href="https://shop.example/plain">Plain</a>`);
    const [a, plain] = [...new JSDOM(r.html).window.document.querySelectorAll('a')];
    expect(a!.getAttribute('href')).toBe('https://shop.example/sale?a=1&b=2');
    expect(a!.getAttribute('title')).toContain('click.news.example');
    expect(a!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(plain!.getAttribute('href')).toBe('https://shop.example/plain');
    expect(plain!.hasAttribute('title')).toBe(false);
    expect(r.remote).toEqual([
      { host: 'click.news.example', kind: 'link', target: 'https://shop.example/sale?a=1&b=2', href: tracked },
    ]);
  });

  it('leaves a tracker link whose destination is unknown, or not http(s), as it is', () => {
    const r = sanitizeHtml(
      '<a href="https://t.example/c/abc123">Opaque</a><a href="https://t.example/r?url=javascript:alert(1)">Bad</a>',
    );
    const links = [...new JSDOM(r.html).window.document.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://t.example/c/abc123', 'https://t.example/r?url=javascript:alert(1)']);
    expect(r.remote).toEqual([]);
  });

  it('maps cid: images to attachment URLs and keeps data: images', () => {
    const r = sanitizeHtml(
      '<img src="cid:logo@shop"><img src="cid:missing"><img src="data:image/png;base64,AAAA">' +
        '<div style="background:url(cid:logo@shop)">x</div>',
      {
        cidUrl: (cid) => (cid === 'logo@shop' ? '/api/att/1?inline=1' : null),
      },
    );
    const doc = new JSDOM(r.html).window.document;
    const imgs = [...doc.querySelectorAll('img')];
    expect(imgs[0]!.getAttribute('src')).toBe('/api/att/1?inline=1');
    expect(imgs[1]!.hasAttribute('src')).toBe(false);
    expect(imgs[2]!.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(doc.querySelector('div')!.getAttribute('style')).toBe('background:url("/api/att/1?inline=1")');
  });
});

describe('textToHtml (H8)', () => {
  it.each([
    `http://example.com?"onmouseover="alert('XSS')"`,
    'http://example.com/<script>alert(1)</script>',
    'a@a.co?]<img/src="x"/onerror=alert(document.domain)>',
    'javascript:alert(1) and <b>bold</b>',
  ])('%s renders inert', (text) => {
    const html = textToHtml(text);
    assertInert(html);
    const doc = new JSDOM(html).window.document;
    expect(doc.querySelectorAll('img, b, script').length).toBe(0);
    for (const a of doc.querySelectorAll('a'))
      expect([...a.attributes].map((x) => x.name).sort()).toEqual(['href', 'rel', 'target']);
    expect(doc.body.textContent).toContain(text.slice(0, 10));
  });

  it('links URLs without trailing punctuation', () => {
    const doc = new JSDOM(textToHtml('See https://ok.example/path. Thanks')).window.document;
    expect(doc.querySelector('a')!.getAttribute('href')).toBe('https://ok.example/path');
    expect(doc.body.textContent).toContain('See https://ok.example/path. Thanks');
  });
});
