import type { MessageHead, MessageSummaryRow, AttachmentRow } from '@app/db';
import { readMessageMeta, sanitizeHtml, unsubscribeMethods, type MessageMeta } from '@app/mail';
import { openText, openVerification, type DataKey } from '@app/runtime';
import {
  EMAIL_PATTERN,
  splitAddress,
  stripBidi,
  type Attachment,
  type Message,
  type MessageSummary,
  type StoredAuthVerdict,
  type Tracker,
} from '@app/shared';

const iso = (d: Date) => d.toISOString();
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

type SummarySource = Pick<
  MessageSummaryRow,
  | 'id'
  | 'aliasId'
  | 'senderLabel'
  | 'senderAddress'
  | 'subjectSealed'
  | 'snippetSealed'
  | 'verificationSealed'
  | 'hasHtml'
  | 'sentAt'
  | 'createdAt'
  | 'openedAt'
  | 'direction'
  | 'state'
  | 'attachmentsCount'
  | 'metaSealed'
  | 'spamScore'
  | 'spamAction'
>;

/** A conversation's key as the API gives it: a 64-bit number does not fit a JSON number. */
export const threadKeyText = (key: bigint | null): string | null => (key === null ? null : String(key));

/** docs/product.md §3 Message, list form (no bodies). */
export function serializeMessageSummary(row: SummarySource, key: DataKey): MessageSummary {
  const sent = row.sentAt ?? row.createdAt;
  return {
    id: row.id,
    alias_id: row.aliasId,
    // Ingest strips bidi controls; mail stored before that is cleaned here (H11).
    sender_label: stripBidi(row.senderLabel) || null,
    sender_address: row.senderAddress,
    subject: stripBidi(openText(key, row.subjectSealed) ?? ''),
    // Sealed at ingest from the text's head, so a list never opens a body; older rows have none.
    snippet: openText(key, row.snippetSealed),
    sent: iso(sent),
    sent_unix: unix(sent),
    created: iso(row.createdAt),
    html: row.hasHtml,
    opened: row.openedAt ? iso(row.openedAt) : null,
    opened_unix: row.openedAt ? unix(row.openedAt) : null,
    direction: row.direction === 'out' ? 'out' : 'in',
    state: row.state === 'failed' ? 'failed' : 'ok',
    attachments_count: row.attachmentsCount,
    unsubscribe: row.direction === 'out' ? [] : unsubscribeMethods(readMessageMeta(openText(key, row.metaSealed))?.unsubscribe),
    // Sealed at ingest beside the snippet, opened with the same key; older rows have none until read.
    verification: openVerification(key, row.verificationSealed),
    spam: { score: row.spamScore, action: row.spamAction },
  };
}

/**
 * Whom "Block sender" blocks (docs/product.md §3 "Blocked senders"): the From address only when
 * the sender authenticated it, else the envelope sender, so a DMARC-failing message that forges a
 * bank's From blocks the one who sent it, never the bank. Null when there is neither.
 */
export function blockTarget(
  row: { direction: string; senderAddress: string; auth: StoredAuthVerdict | null },
  meta: MessageMeta | null,
): { sender: string; domain: string } | null {
  if (row.direction === 'out') return null;
  const authenticated = row.auth?.sender === 'authenticated';
  const address = (authenticated ? (row.auth?.from ?? row.senderAddress) : (meta?.mailFrom ?? '')).toLowerCase();
  const parts = EMAIL_PATTERN.test(address) ? splitAddress(address) : null;
  return parts ? { sender: address, domain: parts.domain } : null;
}

export function serializeAttachment(a: Omit<AttachmentRow, 'contentSealed'>): Attachment {
  return {
    id: a.id,
    filename: stripBidi(a.filename),
    content_type: a.contentType,
    size: a.size,
    cid: a.cid,
    embedded: a.embedded ?? false,
  };
}

/**
 * docs/product.md §3 Message, full form: the plain text, never the HTML (that is served only, sanitised, by
 * the viewer).
 */
export function serializeMessage(
  row: MessageHead,
  key: DataKey,
  attachments: Array<Omit<AttachmentRow, 'contentSealed'>>,
): Message {
  const text = openText(key, row.textSealed);
  return {
    ...serializeMessageSummary({ ...row }, key),
    text,
    attachments: attachments.map(serializeAttachment),
    // mailauth's words; rows stored before ARC was checked have none.
    auth: row.auth
      ? {
          spf: row.auth.spf ?? 'none',
          dkim: row.auth.dkim ?? 'none',
          dmarc: row.auth.dmarc ?? 'none',
          arc: row.auth.arc ?? 'none',
        }
      : null,
    warnings: row.warnings,
    block: blockTarget(row, readMessageMeta(openText(key, row.metaSealed))),
  };
}

/**
 * docs/product.md §3 Message, trackers: what the viewer's sanitiser blocks or proxies in the HTML
 * (the same pass, so the list is what the reader is protected from), each distinct one once.
 */
export function messageTrackers(html: string | null): Tracker[] {
  if (!html) return [];
  const seen = new Map<string, Tracker>();
  for (const t of sanitizeHtml(html).remote) seen.set(`${t.kind} ${t.host} ${t.target ?? ''}`, t);
  return [...seen.values()];
}
