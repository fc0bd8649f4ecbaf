import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import { stripBidi } from '@app/shared';
import { listUnsubscribeOf, type ListUnsubscribe } from './unsubscribe';

/** One attachment as stored: a sanitised name, a content type, the decoded bytes. */
export interface ParsedAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Content-ID without angle brackets, for `cid:` references; null when the part has none. */
  cid: string | null;
  /** Shown inside the HTML through a `cid:` reference (an inline image), so not listed as an attachment. */
  embedded: boolean;
  content: Buffer;
}

export interface ParsedMessage {
  /** The display name, or the address when there is none (docs/product.md §3 sender_label). */
  senderLabel: string;
  /** The real From address (H11: always shown beside the name); '' when the message has none. */
  senderAddress: string;
  subject: string;
  text: string | null;
  /** The HTML part as sent (unsanitised; the viewer sanitises on every render, H1). */
  html: string | null;
  sentAt: Date | null;
  messageId: string | null;
  /** The one Reply-To mailbox; null when there is none or more than one. */
  replyTo: string | null;
  /** The Message-IDs of the References header (each `<…>`), oldest first. */
  references: string[];
  /** The first well-formed Message-ID of In-Reply-To; null when there is none. */
  inReplyTo: string | null;
  attachments: ParsedAttachment[];
  /** What List-Unsubscribe / List-Unsubscribe-Post offer (RFC 2369, RFC 8058); null when nothing usable. */
  listUnsubscribe: ListUnsubscribe | null;
  /** Reader-facing warnings (H11, M3): forged-looking senders, parts that could not be read. */
  warnings: string[];
}

export interface ParseOptions {
  /** Wall-clock limit (docs/security.md M1); a slower parse rejects with ParseTimeoutError. */
  timeoutMs?: number;
  /** Attachments beyond this count are dropped with a warning. */
  maxAttachments?: number;
}

export class ParseTimeoutError extends Error {
  constructor(ms: number) {
    super(`parsing took longer than ${ms} ms`);
  }
}

export const WARNINGS = {
  noFrom: 'This message has no From address.',
  multipleFrom: 'This message has more than one From header; the sender shown may be forged.',
  multipleMailboxes: 'The From header lists more than one address; the sender shown may be forged.',
  nameLooksLikeAddress: 'The sender name looks like an e-mail address that differs from the real sender address.',
  htmlNotConverted: 'The HTML part was too large or too complex to convert to text.',
  tooManyAttachments: 'Some attachments were not kept because the message has too many.',
} as const;

// M2: explicit parser limits instead of the library defaults.
const PARSER_OPTIONS = {
  // HTML → text conversion is the quadratic part of mailparser; bigger HTML keeps its text empty.
  maxHtmlLengthToParse: 2 * 1024 * 1024,
  // Keep `cid:` links: the viewer maps them to the attachment route instead of inlining data: URLs.
  keepCidLinks: true,
  // The viewer linkifies text itself (escaped, H8), so the parser's text→HTML is wasted work.
  skipTextToHtml: true,
  skipTextLinks: true,
  checksumAlgo: false as const,
  maxHeadSize: 1024 * 1024,
  maxChildNodes: 1000,
};

/** Parses a raw RFC 5322 message. Bad charsets and encodings degrade to raw text (M4). */
export async function parseMail(raw: Buffer, opts: ParseOptions = {}): Promise<ParsedMessage> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ParseTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    const mail = await Promise.race([simpleParser(raw, PARSER_OPTIONS), timeout]);
    return toParsed(mail, opts.maxAttachments ?? 100);
  } finally {
    clearTimeout(timer);
  }
}

/** The mailboxes of a From header, groups flattened. */
function mailboxesOf(from: AddressObject | undefined): EmailAddress[] {
  const mailboxes: EmailAddress[] = [];
  for (const entry of from?.value ?? []) {
    if (entry.group) mailboxes.push(...entry.group);
    else mailboxes.push(entry);
  }
  return mailboxes;
}

function replyToOf(replyTo: AddressObject | undefined): string | null {
  const mailboxes = mailboxesOf(replyTo);
  return mailboxes.length === 1 ? (mailboxes[0]!.address ?? '').trim() || null : null;
}

// RFC 5322 §3.6.4 msg-id: "<" dot-atom-text "@" (dot-atom-text / no-fold-literal) ">".
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_ATOM = `${ATOM}(?:\\.${ATOM})*`;
const MSG_ID = new RegExp(`^<${DOT_ATOM}@(?:${DOT_ATOM}|\\[[\\x21-\\x5a\\x5e-\\x7e]*\\])>$`);
const MSG_ID_MAX = 500;
const MAX_REFERENCES = 30;

/** A well-formed Message-ID: only such ids may ride into the headers of a reply (docs/security.md W23). */
export function isMessageId(id: string | null | undefined): id is string {
  return !!id && id.length <= MSG_ID_MAX && MSG_ID.test(id);
}

/** The ids a reply may carry in References: the well-formed ones, the last MAX_REFERENCES of them. */
export function wellFormedReferences(ids: Array<string | null | undefined>): string[] {
  return ids.filter(isMessageId).slice(-MAX_REFERENCES);
}

function referencesOf(references: string | string[] | undefined): string[] {
  const ids = (Array.isArray(references) ? references : (references ?? '').split(/\s+/)).map((r) => r.trim());
  return wellFormedReferences(ids);
}

const ADDRESS_LIKE = /[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+|@/;

function toParsed(mail: ParsedMail, maxAttachments: number): ParsedMessage {
  const warnings: string[] = [];
  const fromHeaders = (mail.headerLines ?? []).filter((h) => h.key === 'from').length;
  if (fromHeaders > 1) warnings.push(WARNINGS.multipleFrom);

  const mailboxes = mailboxesOf(mail.from);
  if (mailboxes.length > 1) warnings.push(WARNINGS.multipleMailboxes);
  const first = mailboxes[0];
  const senderAddress = (first?.address ?? '').trim();
  const name = cleanLine(first?.name ?? '');
  if (!senderAddress) warnings.push(WARNINGS.noFrom);
  // H11: `From: <any@attack.example>admin@legit.example` parses as name "admin@legit.example".
  if (name && ADDRESS_LIKE.test(name) && name.toLowerCase() !== senderAddress.toLowerCase()) {
    warnings.push(WARNINGS.nameLooksLikeAddress);
  }
  if (mail.textConversionError) warnings.push(WARNINGS.htmlNotConverted);

  // A test, not trim(): trimming copies the whole HTML only to see whether anything is left.
  const html = typeof mail.html === 'string' && /\S/.test(mail.html) ? mail.html : null;
  const shown = cidReferences(html);
  const all = mail.attachments ?? [];
  if (all.length > maxAttachments) warnings.push(WARNINGS.tooManyAttachments);
  const attachments = all.slice(0, maxAttachments).map((a, i) => {
    const content = Buffer.isBuffer(a.content) ? a.content : Buffer.alloc(0);
    const contentType = cleanContentType(a.contentType);
    const cid = a.cid ? cleanLine(a.cid).slice(0, 255) || null : null;
    return {
      filename: cleanFilename(a.filename, i, contentType),
      contentType,
      size: content.length,
      cid,
      embedded: !!cid && shown.has(cid.toLowerCase()),
      content,
    };
  });

  const date = mail.date instanceof Date && !Number.isNaN(mail.date.getTime()) ? mail.date : null;
  return {
    senderLabel: name || senderAddress,
    senderAddress,
    subject: cleanLine(mail.subject ?? ''),
    text: typeof mail.text === 'string' ? mail.text : null,
    html,
    sentAt: date,
    messageId: mail.messageId ? cleanLine(mail.messageId).slice(0, 998) : null,
    replyTo: replyToOf(mail.replyTo),
    references: referencesOf(mail.references),
    inReplyTo: referencesOf(mail.inReplyTo)[0] ?? null,
    attachments,
    listUnsubscribe: listUnsubscribeOf(mail.headerLines ?? []),
    warnings,
  };
}

/**
 * The Content-IDs the HTML refers to as `cid:` (RFC 2392; compared without case, URL escapes
 * undone). Only those parts are shown by the viewer: a part that merely has a Content-ID (some
 * clients give every attachment one) or an inline disposition but that the HTML never shows stays
 * a listed attachment, or the reader could not reach it at all.
 */
function cidReferences(html: string | null): Set<string> {
  const ids = new Set<string>();
  if (!html) return ids;
  for (const m of html.matchAll(/\bcid:([^\s"'()<>]+)/gi)) {
    let id = m[1]!;
    try {
      id = decodeURIComponent(id);
    } catch {
      // keep it as written
    }
    ids.add(id.toLowerCase());
  }
  return ids;
}

/**
 * Removes control characters (CR/LF included) that must never reach a header or a log line, and
 * the bidi controls that would reorder what the reader sees.
 */
export function cleanLine(s: string): string {
  const line = stripBidi(s);
  // eslint-disable-next-line no-control-regex
  return line.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

function cleanContentType(type: string | undefined): string {
  const t = (type ?? '').toLowerCase().trim();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(t) ? t : 'application/octet-stream';
}

/**
 * M2: stored names carry no path, no control characters and no quotes, and stay short; the
 * download route still encodes them per RFC 6266.
 */
export function cleanFilename(name: string | undefined, index: number, contentType: string): string {
  let s = cleanLine(name ?? '')
    .replace(/[\\/]/g, '_')
    .replace(/["<>:|?*]/g, '_')
    .replace(/^\.+/, '');
  if (s.length > 200) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : '';
    s = s.slice(0, 200 - ext.length) + ext;
  }
  if (s) return s;
  const sub = contentType.split('/')[1] ?? 'bin';
  const ext = /^[a-z0-9]{1,8}$/.test(sub) ? sub : 'bin';
  return `attachment-${index + 1}.${ext}`;
}
