import type { InboundRow, NewOutbox, OutboxRow } from '@app/db';
import type { KeyStore } from './keystore';

/**
 * Content kept at rest before it belongs to an account (docs/security.md AR1, AR2): sealed under its own
 * key wrapped by the master key. Rows written before release 0002 hold it in clear (key null);
 * they are read as they are.
 */

/** The raw message of an inbound row, opened once; null when it is gone. */
export function openInboundRaw(keys: KeyStore, row: Pick<InboundRow, 'raw' | 'rawKey'>): Buffer | null {
  if (!row.raw) return null;
  return row.rawKey ? keys.openUnderMaster(row.rawKey, row.raw) : row.raw;
}

export interface OutboxContent {
  subject: string;
  text: string;
  html: string | null;
}

/** An outbox row for `insertOutbox`, its content sealed (never written in clear). */
export function sealedOutbox(
  keys: KeyStore,
  mail: Pick<NewOutbox, 'kind' | 'fromAddress' | 'toAddress'> & { headers?: Record<string, string>; content: OutboxContent },
): NewOutbox {
  const { subject, text, html } = mail.content;
  const { key, sealed } = keys.sealUnderMaster(JSON.stringify({ subject, text, html }));
  return {
    kind: mail.kind,
    fromAddress: mail.fromAddress,
    toAddress: mail.toAddress,
    headers: mail.headers ?? {},
    contentKey: key,
    contentSealed: sealed,
  };
}

/** The mail of an outbox row; null once it was sent or given up (its content is deleted then). */
export function openOutboxContent(
  keys: KeyStore,
  row: Pick<OutboxRow, 'subject' | 'text' | 'html' | 'contentKey' | 'contentSealed'>,
): OutboxContent | null {
  if (row.contentKey && row.contentSealed) {
    return JSON.parse(keys.openUnderMaster(row.contentKey, row.contentSealed).toString('utf8')) as OutboxContent;
  }
  if (row.subject === null || row.text === null) return null;
  return { subject: row.subject, text: row.text, html: row.html };
}
