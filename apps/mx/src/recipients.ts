import { countBlockHits, findDeliveryTarget, type DbOrTx } from '@app/db';
// The subpath keeps mailparser and nodemailer (the rest of @app/mail) out of the mx process.
import { blockingRules } from '@app/mail/restrict';
import type { Logger, Services } from '@app/runtime';
import { ALIAS_HANDLE_PATTERN, aliasExpired, splitAddress } from '@app/shared';
import type { AliasLog } from './alias-log';
import type { MxLimits } from './limits';
import type { ProbingGuard } from './probing';
import { REPLY, replyName, type Reply } from './replies';
import type { SessionState } from './session';
import type { Recipient } from './envelope';

export type RcptDecision =
  | ({ ok: true } & Recipient)
  | { ok: false; reply: Reply; aliasId?: number; accountId?: number; reason?: string; blockedBy?: number[] };

/**
 * The RCPT TO check (docs/architecture.md §3.1): the handle is case-insensitive, the domain must be served.
 * Every refusal that needs no content answers the same 550 5.1.1, so nobody can probe which
 * aliases exist: unknown, inactive, trashed, expired (docs/product.md §3 Alias), and a restricted alias with no approved
 * sender at all (it admits nobody). An envelope sender the alias or its account blocked gets 550 5.7.1. Approved senders are decided at DATA, on the authenticated
 * From header (see auth.ts), never on the envelope sender.
 */
export async function checkRecipient(db: DbOrTx, rcpt: string, mailFrom = ''): Promise<RcptDecision> {
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
  // docs/product.md §3 "Blocked senders": a blocked envelope sender is refused here, before any data.
  const blockedBy = blockingRules(target.blocks, mailFrom);
  if (blockedBy.length) {
    return { ok: false, reply: REPLY.blocked, ...who, reason: 'refused: sender blocked', blockedBy: blockedBy.map((b) => b.id) };
  }
  return { ok: true, ...who, restriction: target, blocks: target.blocks, spamMode: target.spamMode };
}

/**
 * RCPT TO within a session: at most `maxRecipients` per message (S5); a refused recipient is
 * counted in the session (past `maxBadRecipients` the session ends) and across sessions by the
 * probing guard, and logged for its alias when the alias exists. Every refusal leaves at the
 * refusal floor, and what it records waits until it is sent (S6): its timing tells nothing.
 */
export class RecipientStep {
  private log: Logger;

  constructor(
    private services: Services,
    private limits: MxLimits,
    private probing: ProbingGuard,
    private aliasLog: AliasLog,
  ) {
    this.log = services.log.child({ component: 'mx' });
  }

  /** Calls `answer` once: null accepts the recipient, else the reply that refuses it. Never rejects. */
  async check(
    state: SessionState,
    address: string,
    mailFrom: string,
    inEnvelope: number,
    answer: (refusal: Reply | null) => void,
  ): Promise<void> {
    const rcpt = address.toLowerCase();
    if (!state.rcpts.has(rcpt) && inEnvelope >= this.limits.maxRecipients) return answer(REPLY.tooManyRecipients);
    const started = performance.now();
    let d: RcptDecision;
    try {
      d = await checkRecipient(this.services.database.db, rcpt, mailFrom);
    } catch (err) {
      this.log.error({ err: (err as Error).message }, 'recipient lookup failed');
      return answer(REPLY.tempFailure);
    }
    if (d.ok) {
      state.rcpts.set(rcpt, {
        aliasId: d.aliasId,
        accountId: d.accountId,
        restriction: d.restriction,
        blocks: d.blocks,
        spamMode: d.spamMode,
      });
      return answer(null);
    }
    if (d.blockedBy) {
      // The owner's choice, not a probe: not counted against the client, but answered at the same floor.
      await untilFloor(started, this.limits.refusalFloorMs);
      answer(d.reply);
      countBlocked(
        this.services,
        this.aliasLog,
        'RCPT',
        [{ aliasId: d.aliasId!, accountId: d.accountId!, ruleIds: d.blockedBy }],
        d.reply,
      );
      return;
    }
    state.badRcpts++;
    let reply: Reply = REPLY.tooManyBadRecipients;
    if (state.badRcpts <= this.limits.maxBadRecipients) reply = (await this.probing.counts(state.ip)) ? d.reply : REPLY.probing;
    await untilFloor(started, this.limits.refusalFloorMs);
    answer(reply);
    this.services.metrics.smtpRecipientsRefused.inc({ reason: replyName(d.reply) });
    if (d.aliasId && d.accountId)
      this.aliasLog.refusedRecipient({ aliasId: d.aliasId, accountId: d.accountId }, d.reply, d.reason ?? '');
  }
}

/** Counts a refusal by block rules (metric and each rule's count) and logs it for the alias; never awaited. */
export function countBlocked(
  services: Services,
  aliasLog: AliasLog,
  stage: 'RCPT' | 'DATA',
  refusals: Array<{ aliasId: number; accountId: number; ruleIds: number[] }>,
  reply: Reply,
): void {
  if (!refusals.length) return;
  services.metrics.smtpBlocked.inc({ stage: stage.toLowerCase() }, refusals.length);
  for (const r of refusals) aliasLog.refused(r, stage, reply, 'refused: sender blocked');
  void countBlockHits(services.database.db, [...new Set(refusals.flatMap((r) => r.ruleIds))]).catch((err: Error) =>
    services.log.warn({ component: 'mx', err: err.message }, 'block count not written'),
  );
}

/** Waits until the first whole multiple of `floorMs` after `started`, so a slow lookup is rounded up too. */
function untilFloor(started: number, floorMs: number): Promise<void> {
  if (floorMs <= 0) return Promise.resolve();
  const elapsed = performance.now() - started;
  const due = Math.max(1, Math.ceil(elapsed / floorMs)) * floorMs;
  return new Promise((resolve) => setTimeout(resolve, due - elapsed));
}
