// The sender verdict (docs/security.md A1–A8): what the mx decides on each message's sender, stores
// with the inbound row, and ingest copies into `messages.auth`. One type for the mx, the database,
// the worker and the API; mailauth produces it in packages/mail.

/** mailauth's result words, as stored on the message and returned by the API. */
export const AUTH_WORDS = ['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror'] as const;
export type AuthWord = (typeof AUTH_WORDS)[number];

/**
 * - `authenticated`: DMARC pass, or (no DMARC record) an aligned SPF or DKIM pass;
 * - `unverified`: the domain publishes nothing to check and the message carries no signature;
 * - `temporary`: a DNS lookup failed or timed out (never a pass, A6);
 * - `failed`: anything else: a definite failure, or not exactly one From mailbox.
 */
export type SenderStatus = 'authenticated' | 'unverified' | 'temporary' | 'failed';

/** The verdict on one message; mail accepted before verdicts were stored has none (null). */
export interface AuthVerdict {
  spf: AuthWord;
  dkim: AuthWord;
  dmarc: AuthWord;
  arc: AuthWord;
  /** The one mailbox of the one From field (lower-case), null when there is not exactly one (A4). */
  from: string | null;
  /** The From domain's published DMARC policy (`none`/`quarantine`/`reject`), null without a record. */
  policy: string | null;
  /** What the verdict means for the From domain (A2 c, d). */
  sender: SenderStatus;
  /** The domains of the passing DKIM signatures (lower-case); absent in verdicts of earlier releases. */
  signers?: string[];
}

/**
 * A verdict as a message row holds it: rows stored before ARC and the reading of the From domain
 * were recorded carry only the three words, so whatever reads them treats the rest as absent.
 */
export type StoredAuthVerdict = Pick<AuthVerdict, 'spf' | 'dkim' | 'dmarc'> & Partial<AuthVerdict>;
