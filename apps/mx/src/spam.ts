// Spam scoring at DATA (docs/spam.md): the whole message goes to Rspamd's /checkv2 with the
// envelope and our own sender verdict, so Rspamd repeats no SPF/DKIM/DMARC lookups. Rspamd down,
// slow or answering nonsense only leaves the message unscored: it is stored all the same.
// The subpath keeps the rest of @app/mail out of the mx process.
import { rspamdCheck, type SpamRequest, type SpamScore } from '@app/mail/rspamd';
import type { Logger } from '@app/runtime';
import { spamActionFor, type InboundSpam, type SpamAction } from '@app/shared';
import type { Recipient } from './envelope';

export interface SpamThresholds {
  mark: number;
  refuse: number;
}

/** Asks Rspamd for a score; null when it did not answer within the timeout (never throws). */
export class SpamCheck {
  constructor(
    private url: string,
    private timeoutMs: number,
    private log: Logger,
  ) {}

  async score(req: SpamRequest): Promise<SpamScore | null> {
    try {
      return await rspamdCheck(this.url, req, this.timeoutMs);
    } catch (err) {
      // The message and its envelope stay out of the log (docs/security.md DEP10).
      this.log.warn({ session: req.queueId, err: (err as Error).message }, 'rspamd did not score the message; stored unscored');
      return null;
    }
  }
}

/** What each recipient's mode makes of a score (refusals are decided before, in the pipeline). */
export function inboundSpam(score: number | null, recipients: Recipient[], thresholds: SpamThresholds): InboundSpam {
  const actions: Record<string, SpamAction> = {};
  for (const r of recipients) actions[String(r.aliasId)] = spamActionFor(score, r.spamMode, thresholds);
  return { score, actions };
}

/** The recipients whose mode refuses a message of this score. */
export function refusingRecipients(score: number | null, recipients: Recipient[], thresholds: SpamThresholds): Recipient[] {
  if (score === null || score < thresholds.refuse) return [];
  return recipients.filter((r) => r.spamMode === 'refuse');
}
