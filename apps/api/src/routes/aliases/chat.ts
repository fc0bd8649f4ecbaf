import { randomBytes } from 'node:crypto';
import {
  adjustAliasCounters,
  findAliasMessageRow,
  findLastIncomingMessage,
  insertMessage,
  insertOutbox,
  type AliasRow,
  type MessageRow,
} from '@app/db';
import { isMessageId, wellFormedReferences } from '@app/mail';
import { enqueueOutbox, openText, seal, sealedOutbox, sealSnippet, type DataKey, type Services } from '@app/runtime';
import { ALIAS_MESSAGES } from '@app/shared';
import { AppError } from '../../errors';
import { countSend, requireConfirmedSender } from './sending-limits';

/** 'Re: ' once, however many replies deep (RFC 5322 §3.6.5). */
export function replySubject(subject: string | null): string {
  const s = (subject ?? '').trim();
  if (!s) return 'Re: (no subject)';
  return /^re:/i.test(s) ? s : `Re: ${s}`;
}

/** A Message-ID on our own domain, so a reply to the reply threads back here. */
export function newMessageId(domain: string): string {
  return `<${randomBytes(12).toString('hex')}.chat@${domain}>`;
}

/** Where a reply goes and what it answers. */
export interface ReplyTarget {
  to: string;
  subject: string;
  /** In-Reply-To: the Message-ID of the message answered, when it had one. */
  inReplyTo: string | null;
  /** References: the answered message's own References, then its Message-ID (RFC 5322 §3.6.4). */
  references: string[];
  /** The conversation of the message answered (null: none known), which the reply joins. */
  threadKey: bigint | null;
}

/**
 * A chat reply (docs/architecture.md §4 "Chat aliases"): sent to the last correspondent, answering
 * their latest message.
 */
export async function sendChat(
  services: Services,
  alias: AliasRow,
  address: { handle: string; domain: string },
  text: string,
  confirm: boolean | undefined,
): ReturnType<typeof sendFromAlias> {
  const found = await findLastIncomingMessage(services.database.db, alias.id);
  if (!found) throw new AppError('BAD_REQUEST', ALIAS_MESSAGES.noCorrespondent);
  const last = found.message;
  requireConfirmedSender(last.auth, confirm);
  const subject = replySubject(
    openText(
      (await services.keys.contentKeys(services.database.db, alias))({ keyId: last.keyId, keyWrapped: found.keyWrapped }),
      last.subjectSealed,
    ),
  );
  const target = {
    to: last.senderAddress,
    subject,
    inReplyTo: last.messageIdHeader,
    references: last.messageIdHeader ? [last.messageIdHeader] : [],
    threadKey: last.threadKey,
  };
  return sendFromAlias(services, alias, address, target, text, 'chat');
}

/**
 * Mail written in an alias (chat, docs/product.md §3 "Reply"), within the sending limits
 * (docs/security.md W21): stored as an outgoing message of the alias (sealed under its own key
 * wrapped by the alias key) and mailed from the alias address as a reply (In-Reply-To / References).
 * The outbox row and the message commit together; the outbound job (ids only) is queued after the
 * commit. Nothing of the account appears in the headers (docs/security.md RP1).
 */
export async function sendFromAlias(
  services: Services,
  alias: AliasRow,
  address: { handle: string; domain: string },
  target: ReplyTarget,
  text: string,
  kind: 'chat' | 'reply' | 'unsubscribe',
): Promise<{ message: MessageRow; subject: string; key: DataKey; delivery: 'sending' | 'held' }> {
  const { db } = services.database;
  await countSend(services, alias, target.to);
  const { subject } = target;
  const from = `${address.handle}@${address.domain}`;
  const messageId = newMessageId(address.domain);
  const headers: Record<string, string> = { 'Message-ID': messageId };
  // A sender's malformed ids never ride into our headers (docs/security.md W23).
  if (isMessageId(target.inReplyTo)) headers['In-Reply-To'] = target.inReplyTo;
  const references = wellFormedReferences(target.references);
  if (references.length) headers['References'] = references.join(' ');

  const aliasKey = await services.keys.aliasKey(db, alias);
  const now = new Date();
  const { message, outboxId, key } = await db.transaction(async (tx) => {
    const key = await services.keys.create(tx, aliasKey, aliasKey.scheme);
    const id = await insertMessage(tx, {
      aliasId: alias.id,
      accountId: alias.accountId,
      threadKey: target.threadKey,
      keyId: key.id,
      direction: 'out',
      senderLabel: from,
      senderAddress: from,
      recipient: target.to,
      subjectSealed: seal(key.key, subject),
      textSealed: seal(key.key, text),
      snippetSealed: sealSnippet(key.key, text),
      size: Buffer.byteLength(text),
      messageIdHeader: messageId,
      sentAt: now,
      // Our own words are never "new" to us.
      openedAt: now,
    });
    // A reply is a message of the alias: the header's total counts it like the rows it shows.
    await adjustAliasCounters(tx, alias.id, { total: 1 });
    const outbox = await insertOutbox(
      tx,
      sealedOutbox(services.keys, {
        kind,
        fromAddress: from,
        toAddress: target.to,
        headers,
        content: { subject, text, html: null },
      }),
    );
    const row = await findAliasMessageRow(tx, alias.id, id!);
    return { message: row!, outboxId: outbox.id, key: key.key };
  });
  await enqueueOutbox(services.queue, outboxId);
  // Without a relay the worker keeps the mail in the outbox; the sender is told so, not "sent".
  return { message, subject, key, delivery: services.config.SMTP_RELAY_URL ? 'sending' : 'held' };
}
