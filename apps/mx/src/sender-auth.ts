// The sender check at DATA (docs/security.md A1–A6): one verdict per message, then one answer
// for the whole transaction.
import { admits, authenticateMessage, createAuthResolver, type Refusal } from '@app/mail/sender-auth';
import type { AuthVerdict } from '@app/shared';
import type { Recipient } from './envelope';
import { REPLY, type Reply } from './replies';

export interface SenderCheckInput {
  raw: Buffer;
  ip: string;
  helo: string | null;
  mailFrom: string;
}

export type SenderDecision =
  | { accept: true; verdict: AuthVerdict }
  /** `refusals`: alias id → why its restriction refused, as its log says it. */
  | { accept: false; reply: Reply; refusals: Map<number, string> };

/** The answer for a refusal (the worst refusal of a transaction decides, see below) and its log line. */
const REFUSAL: Record<Refusal, { reply: Reply; detail: string }> = {
  'not approved': { reply: REPLY.senderRefused, detail: 'refused: sender not approved' },
  'not authenticated': { reply: REPLY.notAuthenticated, detail: 'refused: not authenticated' },
  temporary: { reply: REPLY.authTemporary, detail: 'deferred: sender authentication failed for now' },
};

/**
 * Authenticates the message and asks every restricted recipient whether it admits it.
 *
 * Mixed recipients (A5): one DATA has one answer, so the transaction is all or nothing.
 * If any restricted recipient refuses for good, the whole message gets 550 5.7.1 (nothing stored,
 * no backscatter); else if any cannot decide yet (DNS temperror), 451 4.7.0 for all and the sender
 * retries. An open recipient can never carry a refused message into a restricted one.
 */
export class SenderCheck {
  private resolver: ReturnType<typeof createAuthResolver>;

  constructor(
    dnsServers: readonly string[],
    private mta: string,
  ) {
    this.resolver = createAuthResolver({ servers: dnsServers });
  }

  async decide(input: SenderCheckInput, recipients: Recipient[]): Promise<SenderDecision> {
    const verdict = await authenticateMessage({ ...input, mta: this.mta }, this.resolver);
    const refusals = new Map<number, Refusal>();
    for (const r of recipients) {
      const a = admits(r.restriction, verdict);
      if (!a.admit) refusals.set(r.aliasId, a.refusal);
    }
    if (!refusals.size) return { accept: true, verdict };
    const all = [...refusals.values()];
    const worst = all.find((x) => x === 'not authenticated') ?? all.find((x) => x === 'not approved') ?? 'temporary';
    // A refused sender is named, so the owner can see whom to approve.
    const detailOf = (r: Refusal) =>
      r === 'not approved' && verdict.from ? `${REFUSAL[r].detail}: ${verdict.from}` : REFUSAL[r].detail;
    const details = new Map([...refusals].map(([aliasId, r]) => [aliasId, detailOf(r)]));
    return { accept: false, reply: REFUSAL[worst].reply, refusals: details };
  }
}
