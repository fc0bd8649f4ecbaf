import { findDeliveryTarget, type DbOrTx } from '@app/db';
// The subpath keeps mailparser and nodemailer (the rest of @app/mail) out of the mx process.
import type { Restriction } from '@app/mail/restrict';
import { ALIAS_HANDLE_PATTERN, aliasExpired, splitAddress } from '@app/shared';
import { REPLY, type Reply } from './replies';

/** An accepted recipient: its alias, and what its restriction needs to decide at DATA. */
export interface Recipient {
  aliasId: number;
  accountId: number;
  restriction: Restriction;
}

export type RcptDecision =
  ({ ok: true } & Recipient) | { ok: false; reply: Reply; aliasId?: number; accountId?: number; reason?: string };

/**
 * The RCPT TO check (docs/architecture.md §3.1): the handle is case-insensitive, the domain must be served.
 * Every refusal that needs no content answers the same 550 5.1.1, so nobody can probe which
 * aliases exist: unknown, inactive, trashed, expired (docs/product.md §3 Alias), and a restricted alias with no approved
 * sender at all (it admits nobody). Approved senders are decided at DATA, on the authenticated
 * From header (see auth.ts), never on the envelope sender.
 */
export async function checkRecipient(db: DbOrTx, rcpt: string): Promise<RcptDecision> {
  const parts = splitAddress(rcpt);
  if (!parts || !ALIAS_HANDLE_PATTERN.test(parts.local)) return { ok: false, reply: REPLY.noMailbox };
  const target = await findDeliveryTarget(db, parts.local, parts.domain);
  if (!target) return { ok: false, reply: REPLY.noMailbox };
  const who = { aliasId: target.id, accountId: target.accountId };
  if (target.isTrashed) return { ok: false, reply: REPLY.noMailbox, ...who, reason: 'alias is trashed' };
  if (!target.isActive) return { ok: false, reply: REPLY.noMailbox, ...who, reason: 'alias is inactive' };
  if (aliasExpired(target, new Date())) return { ok: false, reply: REPLY.noMailbox, ...who, reason: 'alias has expired' };
  if (target.isWhitelisted && !target.senders.length && !target.sourceSenders.length) {
    return { ok: false, reply: REPLY.noMailbox, ...who, reason: 'refused: no approved senders' };
  }
  return { ok: true, ...who, restriction: target };
}
