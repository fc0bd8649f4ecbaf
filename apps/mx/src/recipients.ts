import { findDeliveryTarget, type DbOrTx } from '@app/db';
// The subpath keeps mailparser and nodemailer (the rest of @app/mail) out of the mx process.
import { restrictionAdmits } from '@app/mail/restrict';
import { ALIAS_HANDLE_PATTERN, splitAddress } from '@app/shared';
import { REPLY, type Reply } from './replies';

export type RcptDecision =
  | { ok: true; aliasId: number; accountId: number }
  | { ok: false; reply: Reply; aliasId?: number; accountId?: number; reason?: string };

/**
 * The RCPT TO check (DESIGN §3.1): the handle is case-insensitive, the domain must be served.
 * Unknown, inactive and trashed aliases look the same from outside (550 5.1.1); a restricted
 * alias whose senders or source do not admit the envelope sender gets 550 5.7.1.
 */
export async function checkRecipient(db: DbOrTx, rcpt: string, mailFrom: string): Promise<RcptDecision> {
  const parts = splitAddress(rcpt);
  if (!parts || !ALIAS_HANDLE_PATTERN.test(parts.local)) return { ok: false, reply: REPLY.noMailbox };
  const target = await findDeliveryTarget(db, parts.local, parts.domain);
  if (!target) return { ok: false, reply: REPLY.noMailbox };
  const who = { aliasId: target.id, accountId: target.accountId };
  if (target.isTrashed) return { ok: false, reply: REPLY.noMailbox, ...who, reason: 'alias is trashed' };
  if (!target.isActive) return { ok: false, reply: REPLY.noMailbox, ...who, reason: 'alias is inactive' };
  if (!restrictionAdmits(target, mailFrom)) {
    return { ok: false, reply: REPLY.senderRefused, ...who, reason: 'sender not on the approved list' };
  }
  return { ok: true, ...who };
}
