import type { MessageHead } from '@app/db';
import { parseMail } from '@app/mail';
import { open, openText, type DataKey } from '@app/runtime';
import { REPLY_MESSAGES } from '@app/shared';
import { AppError } from '../../errors';
import { replySubject, type ReplyTarget } from '../aliases/chat';

const MAILBOX = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * Whom a reply to a received message goes to, and what it answers (docs/product.md §3 "Reply").
 * Reply-To is followed only when the sender passed authentication (docs/security.md RP2): anyone
 * can write a Reply-To, and an unauthenticated one would let a forger steer the reply.
 */
export async function replyTargetOf(row: MessageHead, rawSealed: Buffer | null, key: DataKey): Promise<ReplyTarget> {
  if (row.direction === 'out') throw new AppError('BAD_REQUEST', REPLY_MESSAGES.notReceived);
  const parsed = rawSealed ? await parseMail(open(key, rawSealed)) : null;
  const authenticated = row.auth?.sender === 'authenticated';
  const to = [authenticated ? parsed?.replyTo : null, row.senderAddress, parsed?.senderAddress].find((a) => a && MAILBOX.test(a));
  if (!to) throw new AppError('BAD_REQUEST', REPLY_MESSAGES.noAddress);
  const inReplyTo = row.messageIdHeader;
  return {
    to,
    subject: replySubject(openText(key, row.subjectSealed)),
    inReplyTo,
    references: [...(parsed?.references ?? []), ...(inReplyTo ? [inReplyTo] : [])],
    threadKey: row.threadKey,
  };
}
