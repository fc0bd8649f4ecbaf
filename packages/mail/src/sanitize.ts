import { createRequire } from 'node:module';
import type { Config, DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';
import type * as Parse5 from 'parse5';
import type { DefaultTreeAdapterTypes as Tree } from 'parse5';
import type { Tracker } from '@app/shared';

// jsdom and DOMPurify load on first use: the mx and the worker import this package for parsing
// and sender checks and should not carry a DOM implementation (tens of MB) they never use.
const requireLazy = createRequire(import.meta.url);

/**
 * Server-side sanitising of message HTML for the viewer (docs/architecture.md §5, docs/security.md H1, H5, H7, H12).
 *
 * Everything is decided inside DOMPurify: an allowlist of elements and attributes, and hooks that
 * rewrite resource URLs while DOMPurify walks the tree. The output string is never edited
 * afterwards (H1: post-sanitisation rewriting is how Roundcube's filters were bypassed). The
 * viewer's CSP (no script, images from 'self' and data: only, sandbox) is the second wall.
 *
 * Before that, `releaseSwallowedContent` undoes one trick on the input: an opener that is never
 * closed (`<iframe>`, `<noscript>`, `<svg>`, `<!--`, …) swallows the rest of the mail, which
 * DOMPurify then drops together with the hostile element. Only the input is changed there, and
 * DOMPurify still parses and judges every byte of the result.
 */

export interface SanitizeOptions {
  /** Maps a `cid:` reference (without the scheme) to the URL of the stored attachment, or null. */
  cidUrl?: (cid: string) => string | null;
  /** 'block' (default): remote images are not loaded. 'proxy': they load through `proxyUrl`. */
  remoteImages?: 'block' | 'proxy';
  /** Builds the image-proxy URL of a remote image (used when remoteImages is 'proxy'). */
  proxyUrl?: (url: string) => string;
}

export interface SanitizeResult {
  html: string;
  /** Remote images left unloaded (the reader may choose to load them through the proxy). */
  blockedImages: number;
  /** Tiny images (tracking pixels, H7) that are never loaded, even through the proxy. */
  trackers: number;
  /** Every remote resource blocked or proxied, and every click-tracking link (docs/product.md §3 Message, trackers). */
  remote: Tracker[];
}

/** The attribute that keeps a blocked image's original URL, set only by the hooks below. */
export const BLOCKED_SRC_ATTR = 'data-blocked-src';

interface RenderContext {
  opts: SanitizeOptions;
  blockedImages: number;
  trackers: number;
  remote: Tracker[];
}

const FORBID_TAGS = [
  'script',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'optgroup',
  'datalist',
  'keygen',
  'output',
  'base',
  'meta',
  'link',
  'svg',
  'math',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'canvas',
  'dialog',
];
const FORBID_ATTR = [
  'srcset',
  'action',
  'formaction',
  'ping',
  'poster',
  'lowsrc',
  'dynsrc',
  'xlink:href',
  'http-equiv',
  'autofocus',
  'contenteditable',
  'popover',
  'popovertarget',
  'is',
  'nonce',
  'integrity',
  'crossorigin',
];

// DOMPurify checks every attribute value that could be a URL against this pattern: the schemes
// http(s), mailto, tel and cid, or values that are no URL with a scheme at all (its default
// pattern, minus ftp, sms, xmpp and the like). data: stays possible for <img src> alone
// (DOMPurify's DATA_URI_TAGS) and is narrowed to raster images in the hooks below.
const ALLOWED_URI = /^(?:(?:https?|mailto|tel|cid):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// Links must be absolute (or in-page): a relative URL inside our origin could reach API GETs or
// the image proxy, bypassing the image block.
const LINK_URL = /^(?:(?:https?|mailto|tel):|#)/i;

const CONFIG: Config = {
  WHOLE_DOCUMENT: true,
  FORBID_TAGS,
  FORBID_ATTR,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ADD_DATA_URI_TAGS: [],
  RETURN_TRUSTED_TYPE: false,
};

let purifier: DOMPurify | null = null;
let current: RenderContext | null = null;

function instance(): DOMPurify {
  if (purifier) return purifier;
  const { JSDOM } = requireLazy('jsdom') as typeof Jsdom;
  const createDOMPurify = requireLazy('dompurify') as (w: unknown) => DOMPurify;
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  const p = createDOMPurify(window);
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && current) {
      node.textContent = cleanCss(node.textContent ?? '', current);
    }
    // <link> is forbidden; a remote stylesheet it named is still reported.
    if (data.tagName === 'link' && current && /stylesheet/i.test((node as Element).getAttribute('rel') ?? '')) {
      noteRemote(current, (node as Element).getAttribute('href') ?? '', 'css');
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (current) rewriteElement(node as Element, current);
  });
  purifier = p;
  return p;
}

/** Sanitises message HTML; pure apart from the shared DOMPurify instance (synchronous, so safe). */
export function sanitizeHtml(html: string, opts: SanitizeOptions = {}): SanitizeResult {
  const p = instance();
  const source = releaseSwallowedContent(html);
  const ctx: RenderContext = { opts, blockedImages: 0, trackers: 0, remote: [] };
  current = ctx;
  try {
    const out = p.sanitize(source, CONFIG) as unknown as string;
    return { html: out, blockedImages: ctx.blockedImages, trackers: ctx.trackers, remote: ctx.remote };
  } finally {
    current = null;
  }
}

// Elements whose content the parser reads as text, or that DOMPurify removes with everything
// inside: left open, each of them takes the rest of the mail with it. So does any element in the
// SVG or MathML namespace, or bearing their names in HTML (DOMPurify drops those whole), and an
// unknown element is released too (DOMPurify would unwrap it anyway).
const SWALLOWING = new Set([
  'script',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'plaintext',
  'noscript',
  'template',
  'select',
  'svg',
  'math',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'mglyph',
  'malignmark',
  'annotation-xml',
  'foreignobject',
  'desc',
]);
// Each pass can reveal another unclosed opener inside what it released; a bound keeps a crafted
// mail cheap (what is left beyond it stays hidden, never active).
const MAX_RELEASE_PASSES = 24;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * Deletes from the source the opener of every swallowing element without an end tag, and every
 * `<!--` left open to the end, so that what follows parses as the ordinary markup it is. The
 * parse matches DOMPurify's own (parse5 with scripting off, as in DOMParser and the sandboxed
 * viewer frame), so the elements found here are the ones that would have hidden the content.
 */
export function releaseSwallowedContent(html: string): string {
  const { parse, html: names } = requireLazy('parse5') as typeof Parse5;
  let source = html;
  for (let pass = 0; pass < MAX_RELEASE_PASSES; pass++) {
    const cuts: Array<[number, number]> = [];
    const visit = (node: Tree.ParentNode) => {
      for (const child of node.childNodes) {
        if (child.nodeName === '#comment') {
          const loc = child.sourceCodeLocation;
          // parse5 ends a comment cut short by the end of input one past the last character.
          if (loc && loc.endOffset >= source.length && !isTerminatedComment(source.slice(loc.startOffset))) {
            cuts.push([loc.startOffset, loc.startOffset + (source.startsWith('<!--', loc.startOffset) ? 4 : 2)]);
          }
        } else if ('tagName' in child) {
          const loc = child.sourceCodeLocation;
          const swallows =
            SWALLOWING.has(child.tagName) ||
            child.namespaceURI !== HTML_NS ||
            names.getTagID(child.tagName) === names.TAG_ID.UNKNOWN;
          if (loc?.startTag && !loc.endTag && swallows) cuts.push([loc.startTag.startOffset, loc.startTag.endOffset]);
          visit(child.tagName === 'template' ? (child as Tree.Template).content : child);
        }
      }
    };
    visit(parse(source, { sourceCodeLocationInfo: true, scriptingEnabled: false }));
    if (cuts.length === 0) break;
    for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) source = source.slice(0, start) + source.slice(end);
  }
  return source;
}

/** Whether a comment's source (from its `<!` to the end of the input) has its own end. */
function isTerminatedComment(text: string): boolean {
  if (!text.startsWith('<!--')) return text.endsWith('>');
  return text === '<!-->' || text === '<!--->' || /--!?>$/.test(text);
}

function rewriteElement(el: Element, ctx: RenderContext): void {
  const tag = el.tagName.toLowerCase();

  // H12: every link opens outside the frame, with no opener and no referrer.
  if (tag === 'a' || tag === 'area') {
    const href = el.getAttribute('href');
    if (href !== null && !LINK_URL.test(href.trim())) el.removeAttribute('href');
    if (el.hasAttribute('href')) {
      const href = el.getAttribute('href')!;
      const target = redirectTarget(href);
      // A click-tracking link goes straight to the destination it names (never fetched to find
      // out); the link as sent stays in the message's tracker list (docs/product.md §3 Message).
      if (target && noteRemote(ctx, href, 'link', target)) {
        el.setAttribute('href', target);
        el.setAttribute('title', `${target} (the sender's tracker at ${hostOf(href.trim())} is skipped)`);
      }
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    } else {
      el.removeAttribute('target');
    }
  } else if (el.hasAttribute('target')) {
    el.removeAttribute('target');
  }

  if (el.hasAttribute('style')) {
    const css = cleanCss(el.getAttribute('style') ?? '', ctx);
    if (css.trim()) el.setAttribute('style', css);
    else el.removeAttribute('style');
  }

  if (el.hasAttribute('background')) {
    const url = resourceUrl(el.getAttribute('background') ?? '', ctx);
    if (url) el.setAttribute('background', url);
    else el.removeAttribute('background');
  }

  if (tag === 'img') rewriteImage(el, ctx);
  else if (el.hasAttribute('src')) el.removeAttribute('src');
}

function rewriteImage(img: Element, ctx: RenderContext): void {
  const src = (img.getAttribute('src') ?? '').trim();
  if (!src) return;
  const local = resourceUrl(src, ctx);
  if (local) {
    img.setAttribute('src', local);
    return;
  }
  img.removeAttribute('src');
  if (!/^https?:\/\//i.test(src)) return;
  // H7: a tracking pixel is never fetched, not even after the reader allows images.
  const pixel = isTiny(img) || isTrackerHost(src);
  noteRemote(ctx, src, pixel ? 'pixel' : 'image');
  if (pixel) {
    ctx.trackers++;
    img.setAttribute('data-tracker', '1');
    return;
  }
  if (ctx.opts.remoteImages === 'proxy' && ctx.opts.proxyUrl) {
    img.setAttribute('src', ctx.opts.proxyUrl(src));
    img.setAttribute('referrerpolicy', 'no-referrer');
    return;
  }
  ctx.blockedImages++;
  img.setAttribute(BLOCKED_SRC_ATTR, src);
}

/**
 * Hosts that serve open-tracking pixels whatever the image's size (mail marketing platforms).
 * A remote image from one of them (or a subdomain) is a pixel.
 */
const TRACKER_HOSTS = [
  'list-manage.com',
  'mailchimp.com',
  'sendgrid.net',
  'mandrillapp.com',
  'mailgun.org',
  'mailtrack.io',
  'hubspot.com',
  'hs-analytics.net',
  'google-analytics.com',
  'doubleclick.net',
  'exct.net',
  'sparkpostmail.com',
  'mailjet.com',
  'klaviyo.com',
  'rs6.net',
  'ct.sendgrid.net',
  'email.mg',
  'pstmrk.it',
];

const hostOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
};

function isTrackerHost(url: string): boolean {
  const host = hostOf(url);
  return !!host && TRACKER_HOSTS.some((t) => host === t || host.endsWith(`.${t}`));
}

/** Query parameters through which click-tracking redirects carry their destination. */
const REDIRECT_PARAMS = ['url', 'u', 'redirect', 'target', 'redirect_url', 'redir', 'dest', 'destination', 'goto', 'link'];

/**
 * The http(s) destination a click-tracking link forwards to, or null when it is an ordinary link (LK3;
 * the verification finder sends its Confirm link straight there too).
 */
export function redirectTarget(href: string): string | null {
  let u: URL;
  try {
    u = new URL(href.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  for (const name of REDIRECT_PARAMS) {
    const v = u.searchParams.get(name);
    if (v && hostOf(v) && /^https?:\/\//i.test(v)) return v;
  }
  return null;
}

/**
 * Records a remote http(s) resource of the message (relative and local ones are not remote), a
 * click-tracking link with its destination and the link as sent. Whether it was one.
 */
function noteRemote(ctx: RenderContext, url: string, kind: Tracker['kind'], target?: string): boolean {
  const host = /^https?:\/\//i.test(url.trim()) ? hostOf(url.trim()) : null;
  if (!host) return false;
  ctx.remote.push(target ? { host, kind, target, href: url.trim() } : { host, kind });
  return true;
}

/** A URL that may load without asking: a data: image or a stored cid: attachment. Else null. */
function resourceUrl(value: string, ctx: RenderContext): string | null {
  const v = value.trim();
  if (/^data:image\/(?:png|gif|jpe?g|webp|bmp|avif|x-icon|vnd\.microsoft\.icon);/i.test(v)) return v;
  if (/^cid:/i.test(v) && ctx.opts.cidUrl) {
    let cid = v.slice(4);
    try {
      cid = decodeURIComponent(cid);
    } catch {
      // keep it as written
    }
    return ctx.opts.cidUrl(cid.replace(/^<|>$/g, ''));
  }
  return null;
}

/** SnappyMail-style heuristic: 1×1 images, or ones styled or sized below 2×3 pixels, or hidden. */
function isTiny(img: Element): boolean {
  const dim = (v: string | null) => (v === null || v.trim() === '' ? null : parseFloat(v));
  const w = dim(img.getAttribute('width'));
  const h = dim(img.getAttribute('height'));
  if ((w !== null && w < 2) || (h !== null && h < 2)) return true;
  const style = (img.getAttribute('style') ?? '').toLowerCase().replace(/\s+/g, '');
  const px = (prop: string) => {
    const m = new RegExp(`(?:^|;)${prop}:(\\d*\\.?\\d+)(px)?(?:;|!|$)`).exec(style);
    return m ? parseFloat(m[1]!) : null;
  };
  const sw = px('width');
  const sh = px('height');
  const mw = px('max-width');
  const mh = px('max-height');
  if ((sw !== null && sw < 2) || (sh !== null && sh < 2) || (mw !== null && mw < 2) || (mh !== null && mh < 3)) return true;
  return /(?:^|;)display:none|(?:^|;)visibility:hidden|(?:^|;)opacity:0(?:;|$)/.test(style);
}

/**
 * CSS in style attributes and <style> elements: remote url()s, @import and image functions are
 * neutralised (the CSP blocks them too; this keeps the page free of attempts). CSS escapes can
 * spell `url(` without the letters (Roundcube CVE-2024-42009 class), so escaped CSS that decodes
 * to a resource function is dropped entirely.
 */
function cleanCss(css: string, ctx: RenderContext): string {
  if (css.includes('\\')) {
    const decoded = css
      .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) =>
        String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd),
      )
      .replace(/\\(.)/gs, '$1')
      .toLowerCase();
    if (/url\(|@import|image|expression|binding|behavior|src\(/.test(decoded)) return '';
  }
  for (const m of css.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/gi)) noteRemote(ctx, m[1]!, 'css');
  let out = css.replace(/@import[^;]*;?/gi, '');
  out = out.replace(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi, (_m, dq?: string, sq?: string, bare?: string) => {
    const local = resourceUrl(dq ?? sq ?? bare ?? '', ctx);
    if (!local) noteRemote(ctx, dq ?? sq ?? bare ?? '', 'css');
    return local && !/["\\\n\r]/.test(local) ? `url("${local}")` : 'none';
  });
  out = out.replace(/(?:-webkit-)?(?:image-set|cross-fade|element|image|src)\s*\(/gi, 'blocked(');
  out = out.replace(/expression\s*\(|-moz-binding|behavior\s*:/gi, 'blocked');
  // Anything still shaped like a url( that is not one we wrote: give up on this CSS.
  if (/url\(\s*(?!"(?:data:image\/|\/))/i.test(out)) return '';
  return out;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

// Link detection for plain text: http(s) URLs up to whitespace, quotes or angle brackets, without
// trailing punctuation. Bounded per message so a crafted body costs little.
const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const MAX_LINKS = 2000;

/**
 * A plain-text body as HTML: escaped, URLs turned into links (docs/product.md §2), then run through the same
 * sanitiser so the links get target/rel and nothing else survives (H8).
 */
export function textToHtml(text: string): string {
  let body = '';
  let last = 0;
  let links = 0;
  for (const m of text.matchAll(URL_RE)) {
    if (links++ >= MAX_LINKS) break;
    let url = m[0];
    const trail = /[.,;:!?)\]}]+$/.exec(url);
    if (trail) url = url.slice(0, url.length - trail[0].length);
    const start = m.index;
    body += escapeHtml(text.slice(last, start));
    body += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  body += escapeHtml(text.slice(last));
  const doc =
    '<html><head></head><body><div style="white-space: pre-wrap; overflow-wrap: anywhere; ' +
    'font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px">' +
    body +
    '</div></body></html>';
  return sanitizeHtml(doc).html;
}
