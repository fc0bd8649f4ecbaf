import type { Readable } from 'node:stream';
import type { Logger, Services } from '@app/runtime';
import type { AuthVerdict } from '@app/shared';
import { inboundWriter, storeInbound, WakeUp, type InboundWriter } from './accept';
import type { AliasLog, Refusal } from './alias-log';
import type { SenderCheck } from './sender-auth';
import type { SpamScore } from '@app/mail/rspamd';
import { inboundSpam, refusingRecipients, type SpamCheck, type SpamThresholds } from './spam';
import { collectData, headerStats } from './data';
import type { MxLimits } from './limits';
import { blockingRules } from '@app/mail/restrict';
import { countBlocked } from './recipients';
import type { Transaction } from './envelope';
import { queuedReply, REPLY, replyName, type Reply } from './replies';

/** A whole message on its way through the steps; a step may add what it learnt. */
export interface IncomingMessage extends Transaction {
  raw: Buffer;
  /** The sender verdict (docs/security.md A1), once the sender is authenticated. */
  auth?: AuthVerdict;
  /** Rspamd's answer when scoring is on: a score, or null when Rspamd did not answer in time. */
  spam?: SpamScore | null;
}

/** One check of a whole message: a refusal answers the transaction, nothing lets the message on. */
type Step = (message: IncomingMessage) => Promise<Refusal | undefined> | Refusal | undefined;

/** The answer to DATA: the text of the 250, or the refusal smtp-server sends. */
export type DataAnswer = { accepted: string } | { refused: Reply };

/**
 * The DATA pipeline (docs/architecture.md §3.1, §3.2): read the message, run the checks of a whole
 * message in order, then store it and wake the workers. Only a committed message is answered 250
 * (D1); any refusal answers the whole transaction and is logged for its aliases.
 */
export class DataPipeline {
  /**
   * The checks between reading and storing, in order; the first refusal answers. A new check of
   * the whole message (a sender block, a spam score) is one more step here.
   */
  private readonly steps: Step[] = [
    (m) => this.headerLimits(m),
    (m) => this.authenticateSender(m),
    (m) => this.blockedSender(m),
    (m) => this.scoreSpam(m),
  ];
  private readonly writer: InboundWriter;
  private readonly wakeUp: WakeUp;
  private readonly log: Logger;

  constructor(
    private services: Services,
    private limits: MxLimits,
    private senderCheck: SenderCheck,
    private aliasLog: AliasLog,
    /** Rspamd and the thresholds; absent when RSPAMD_URL is unset (no scoring). */
    private spam?: { check: SpamCheck; thresholds: SpamThresholds },
  ) {
    this.writer = inboundWriter(services);
    this.wakeUp = new WakeUp(services);
    this.log = services.log.child({ component: 'mx' });
  }

  /**
   * Takes one message from DATA to its answer, counted in the metrics and logged in one line.
   * `received` is called once the whole message is in: from then on a shutdown waits for its
   * answer (D10). Never rejects.
   */
  async answer(stream: Readable, tx: Transaction, received: () => void): Promise<DataAnswer> {
    const { smtpMessages } = this.services.metrics;
    const started = performance.now();
    const seen = { size: 0 };
    // One line per message an operator can follow (the worker's line repeats inboundId); the
    // envelope's addresses and the content stay out (docs/security.md DEP10).
    const line = (verdict: string, inboundId?: number) => ({
      session: tx.session,
      ...(inboundId === undefined ? {} : { inboundId }),
      client: tx.ip,
      size: seen.size,
      rcpts: tx.recipients.length,
      verdict,
      ms: Math.round(performance.now() - started),
    });
    let outcome: { inboundId: number } | Refusal;
    try {
      outcome = await this.run(stream, tx, received, seen);
    } catch (err) {
      // Storage or connection failure: a fixed 451 with no detail (D2); nothing committed.
      const verdict = replyName(REPLY.tempFailure);
      this.log.error({ ...line(verdict), err: (err as Error).message }, 'message not stored');
      smtpMessages.inc({ result: verdict });
      return { refused: REPLY.tempFailure };
    }
    if ('inboundId' in outcome) {
      this.log.info(line('accepted', outcome.inboundId), 'message accepted');
      smtpMessages.inc({ result: 'accepted' });
      return { accepted: queuedReply(outcome.inboundId) };
    }
    const verdict = replyName(outcome.reply);
    this.log.info(line(verdict), 'message refused');
    smtpMessages.inc({ result: verdict });
    this.aliasLog.refusedMessage(tx.recipients, outcome);
    return { refused: outcome.reply };
  }

  /** Sends the workers' wake-up still owed, waiting at most `ms` (shutdown). */
  settle(ms: number): Promise<void> {
    return this.wakeUp.settle(ms);
  }

  private async run(
    stream: Readable,
    tx: Transaction,
    received: () => void,
    seen: { size: number },
  ): Promise<{ inboundId: number } | Refusal> {
    const data = await collectData(stream, this.limits.maxSize);
    seen.size = data.size;
    if (data.oversize) return { reply: REPLY.tooBig, detail: `message of ${data.size} bytes over the limit` };
    if (data.bareLineEnding) return { reply: REPLY.bareLineEnding, detail: 'bare CR or LF in message data' };
    received();
    const message: IncomingMessage = { ...tx, raw: data.raw! };
    for (const step of this.steps) {
      const refusal = await step(message);
      if (refusal) return refusal;
    }
    const inboundId = await this.store(message);
    this.wakeUp.ring();
    return { inboundId };
  }

  /** S9: a header block too long, or too many Received: fields (a loop). */
  private headerLimits({ raw }: IncomingMessage): Refusal | undefined {
    const stats = headerStats(raw);
    if (stats.received > this.limits.maxReceived) return { reply: REPLY.mailLoop, detail: 'too many Received headers' };
    if (stats.lines > this.limits.maxHeaderLines) return { reply: REPLY.tooManyHeaders, detail: 'too many header lines' };
    return undefined;
  }

  /** A1–A7: the verdict on the sender, and each restricted recipient's decision on it. */
  private async authenticateSender(m: IncomingMessage): Promise<Refusal | undefined> {
    const decision = await this.senderCheck.decide({ raw: m.raw, ip: m.ip, helo: m.helo, mailFrom: m.mailFrom }, m.recipients);
    if (!decision.accept) return { reply: decision.reply, detail: decision.refusals };
    m.auth = decision.verdict;
    return undefined;
  }

  /**
   * docs/product.md §3 "Blocked senders", on the authenticated From (the envelope sender was
   * matched at RCPT): a From the sender did not authenticate is never matched, so nobody can get a
   * message refused for someone else by forging the From of a blocked sender's domain. A recipient
   * that blocks the sender is dropped and nothing is stored for it; when every recipient does, the
   * message is refused with 550 5.7.1. The others still get it: one owner's block is not another's.
   */
  private blockedSender(m: IncomingMessage): Refusal | undefined {
    const from = m.auth?.sender === 'authenticated' ? m.auth.from : null;
    if (!from) return undefined;
    const blocked = m.recipients.flatMap((r) => {
      const rules = blockingRules(r.blocks, from);
      return rules.length ? [{ aliasId: r.aliasId, accountId: r.accountId, ruleIds: rules.map((b) => b.id) }] : [];
    });
    if (!blocked.length) return undefined;
    countBlocked(this.services, this.aliasLog, 'DATA', blocked, REPLY.blocked);
    const gone = new Set(blocked.map((b) => b.aliasId));
    m.recipients = m.recipients.filter((r) => !gone.has(r.aliasId));
    // Already in each blocked alias's log (countBlocked): the whole-message refusal adds no second line.
    if (!m.recipients.length) return { reply: REPLY.blocked, detail: 'refused: sender blocked', logged: true };
    return undefined;
  }

  /**
   * The spam score (docs/spam.md), after the sender verdict it passes along. A recipient set to
   * refuse turns a score at or above the refuse threshold into a 550 for the whole transaction,
   * before anything is stored; an unanswered check lets the message on, unscored.
   */
  private async scoreSpam(m: IncomingMessage): Promise<Refusal | undefined> {
    if (!this.spam) return undefined;
    const [first] = m.recipients;
    if (!first) return undefined;
    m.spam = await this.spam.check.score({
      raw: m.raw,
      ip: m.ip,
      helo: m.helo,
      mailFrom: m.mailFrom,
      rcptTo: m.rcptTo,
      queueId: m.session,
      accountId: first.accountId,
      auth: m.auth,
    });
    const score = m.spam?.score ?? null;
    if (!refusingRecipients(score, m.recipients, this.spam.thresholds).length) return undefined;
    return { reply: REPLY.spamRefused, detail: `refused as spam (score ${score})` };
  }

  /** Seals the message under the master key and commits it; resolves only once committed (D1). */
  private async store(m: IncomingMessage): Promise<number> {
    // Sealed before it is written: the spool never holds a message in clear (docs/security.md AR1).
    // Rspamd's symbols are content too: sealed under the message's own key.
    const symbols = m.spam ? [JSON.stringify(m.spam.symbols)] : [];
    const sealed = this.services.keys.sealAllUnderMaster([m.raw, ...symbols]);
    const inboundId = await storeInbound(
      this.services,
      {
        raw: sealed.sealed[0]!,
        rawKey: sealed.key,
        size: m.raw.length,
        mailFrom: m.mailFrom,
        rcptTo: m.rcptTo,
        aliasIds: m.recipients.map((r) => r.aliasId),
        remoteIp: m.ip,
        helo: m.helo,
        auth: m.auth ?? null,
        spam: this.spam && m.spam !== undefined ? inboundSpam(m.spam?.score ?? null, m.recipients, this.spam.thresholds) : null,
        spamSymbolsSealed: sealed.sealed[1] ?? null,
      },
      this.writer,
    );
    return inboundId;
  }
}
