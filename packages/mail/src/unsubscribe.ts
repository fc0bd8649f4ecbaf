import type { UnsubscribeMethod } from '@app/shared';

/**
 * What a message's List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058) offer: the
 * first https URI, the first mailto URI, and whether the https one takes the one-click POST.
 */
export interface ListUnsubscribe {
  https: string | null;
  mailto: string | null;
  oneClick: boolean;
}

/**
 * The sealed metadata of a stored message (messages.meta_sealed): what the unsubscribe and block
 * actions need from the header and the envelope, kept under the message's key.
 */
export interface MessageMeta {
  unsubscribe: ListUnsubscribe | null;
  /** The envelope sender ('' for the null sender). */
  mailFrom: string;
}

const MAX_URI = 2048;

/** The value of the first header field `name` (lower-case), unfolded; null when absent. */
function firstField(headerLines: ReadonlyArray<{ key: string; line: string }>, name: string): string | null {
  const h = headerLines.find((l) => l.key === name);
  if (!h) return null;
  const line = h.line.replace(/\r?\n[ \t]+/g, ' ');
  return line.slice(line.indexOf(':') + 1).trim();
}

/** An https URI fit to fetch: no credentials, a host, printable ASCII only. */
function httpsUri(s: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (s.length > MAX_URI || /[\s\u0000-\u001f\u007f-\uffff]/.test(s)) return null;
  try {
    const u = new URL(s);
    if (u.protocol !== 'https:' || !u.hostname || u.username || u.password) return null;
    return u.toString();
  } catch {
    return null;
  }
}

/** Reads List-Unsubscribe and List-Unsubscribe-Post; null when the message offers nothing usable. */
export function listUnsubscribeOf(headerLines: ReadonlyArray<{ key: string; line: string }>): ListUnsubscribe | null {
  const value = firstField(headerLines, 'list-unsubscribe');
  if (!value) return null;
  let https: string | null = null;
  let mailto: string | null = null;
  // RFC 2369 §2: a list of URIs in angle brackets, separated by commas; the first of each kind counts.
  for (const m of value.matchAll(/<([^>]*)>/g)) {
    const uri = m[1]!.trim();
    if (!https && /^https:/i.test(uri)) https = httpsUri(uri);
    else if (!mailto && /^mailto:/i.test(uri) && parseMailto(uri)) mailto = uri;
  }
  if (!https && !mailto) return null;
  // RFC 8058 §3.1: exactly this key and value, and only with an https URI to post it to.
  const post = firstField(headerLines, 'list-unsubscribe-post');
  const oneClick = !!https && /^List-Unsubscribe=One-Click$/i.test(post ?? '');
  return { https, mailto, oneClick };
}

/** The ways the reader may take, the server's preferred first. */
export function unsubscribeMethods(u: ListUnsubscribe | null | undefined): UnsubscribeMethod[] {
  if (!u) return [];
  const out: UnsubscribeMethod[] = [];
  if (u.oneClick) out.push('one-click');
  if (u.mailto) out.push('mailto');
  if (u.https && !u.oneClick) out.push('link');
  return out;
}

const MAILBOX = /^[^\s@<>"(),;:\\[\]]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,63}$/;

/**
 * A mailto: URI (RFC 6068) as the unsubscribe mail: one recipient, and the subject and body it
 * names. Every other header field of the URI (cc, bcc, in-reply-to …) is ignored, so a sender
 * cannot make the alias write to anyone else.
 */
export function parseMailto(uri: string): { to: string; subject: string; body: string } | null {
  if (uri.length > MAX_URI || !/^mailto:/i.test(uri)) return null;
  const rest = uri.slice('mailto:'.length);
  const q = rest.indexOf('?');
  let to: string;
  try {
    to = decodeURIComponent(q < 0 ? rest : rest.slice(0, q)).trim();
  } catch {
    return null;
  }
  if (!MAILBOX.test(to)) return null;
  const params = new URLSearchParams(q < 0 ? '' : rest.slice(q + 1).replace(/\+/g, '%2B'));
  // A header field's text: no control characters (CR/LF would start another field).
  // eslint-disable-next-line no-control-regex
  const CONTROLS = /[\u0000-\u001f\u007f]+/g;
  const line = (s: string | null) => (s ?? '').replace(CONTROLS, ' ').trim().slice(0, 200);
  return {
    to: to.toLowerCase(),
    subject: line(params.get('subject')) || 'unsubscribe',
    body: (params.get('body') ?? '').slice(0, 2000) || 'unsubscribe',
  };
}

/** Reads a message's sealed metadata as stored (JSON); null for rows without it or unreadable. */
export function readMessageMeta(json: string | null): MessageMeta | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as Partial<MessageMeta>;
    return { unsubscribe: v.unsubscribe ?? null, mailFrom: typeof v.mailFrom === 'string' ? v.mailFrom : '' };
  } catch {
    return null;
  }
}
