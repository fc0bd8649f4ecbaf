import { insertAliasLogs, type AliasLogValues, type Db } from '@app/db';
import type { Logger } from '@app/runtime';
import type { Recipient } from './envelope';
import type { Reply } from './replies';

/** A refusal of a whole transaction at DATA: its reply, and what each alias's log says of it. */
export interface Refusal {
  reply: Reply;
  /** One text for every alias, or alias id → its own (aliases missing from it get the default below). */
  detail: string | Map<number, string>;
  /** Each alias's log has its line already (a block writes its own): the refusal adds none. */
  logged?: boolean;
}

/** What the log of an alias says when another recipient's restriction refused the message. */
const REFUSED_WITH_ANOTHER = 'refused with a restricted recipient of the same message';

/**
 * The mx's rows in an alias's activity log: refusals of a known alias, at RCPT or at DATA
 * (deliveries are logged by the worker). Written after the reply and never awaited: an activity
 * log must not slow or fail an SMTP answer.
 */
export class AliasLog {
  constructor(
    private db: Db,
    private log: Logger,
  ) {}

  refusedRecipient(alias: { aliasId: number; accountId: number }, reply: Reply, reason: string): void {
    this.write([row(alias, 'RCPT', reply, reason)]);
  }

  /** One alias's refusal at either stage (a block refuses one recipient of a message, not all). */
  refused(alias: { aliasId: number; accountId: number }, endpoint: 'RCPT' | 'DATA', reply: Reply, reason: string): void {
    this.write([row(alias, endpoint, reply, reason)]);
  }

  refusedMessage(recipients: Recipient[], refusal: Refusal): void {
    if (refusal.logged) return;
    const { reply, detail } = refusal;
    const detailOf = (aliasId: number) => (typeof detail === 'string' ? detail : (detail.get(aliasId) ?? REFUSED_WITH_ANOTHER));
    this.write(recipients.map((r) => row(r, 'DATA', reply, detailOf(r.aliasId))));
  }

  private write(rows: AliasLogValues[]): void {
    if (!rows.length) return;
    void insertAliasLogs(this.db, rows).catch((err: Error) => this.log.warn({ err: err.message }, 'alias log write failed'));
  }
}

function row(
  alias: { aliasId: number; accountId: number },
  endpoint: 'RCPT' | 'DATA',
  reply: Reply,
  detail: string,
): AliasLogValues {
  return { aliasId: alias.aliasId, userId: alias.accountId, method: 'SMTP', endpoint, status: reply.code, detail };
}
