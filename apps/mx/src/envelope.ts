// The shapes an SMTP transaction carries from RCPT to DATA, apart from the steps that fill and read
// them, so that the session, the recipient check, the DATA steps and the alias log share them
// without importing one another.
import type { BlockRule, Restriction } from '@app/mail/restrict';
import type { SpamMode } from '@app/shared';

/** An accepted recipient: its alias, and what its restriction needs to decide at DATA. */
export interface Recipient {
  aliasId: number;
  accountId: number;
  restriction: Restriction;
  /** The block rules of the alias and its account, matched again on the authenticated From at DATA. */
  blocks: BlockRule[];
  /** What mail scored as spam does for this alias (its own mode, else its account's). */
  spamMode: SpamMode;
}

/** What DATA knows of its transaction: the envelope and the recipient aliases, each once. */
export interface Transaction {
  /** The session's id, for the log. */
  session: string;
  ip: string;
  helo: string | null;
  /** The envelope sender ('' for the null sender). */
  mailFrom: string;
  rcptTo: string[];
  recipients: Recipient[];
}
