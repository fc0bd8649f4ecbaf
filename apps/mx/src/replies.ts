/**
 * Every reply text the mx writes itself. The server runs with hideENHANCEDSTATUSCODES, because
 * smtp-server would otherwise stamp its own code per reply number (5.1.1 on every 550); the RFC
 * 3463 code is written here instead. Texts are fixed: no error messages, SQL or host names ever
 * reach a client (docs/security.md D2, S11).
 */
export const REPLY = {
  noMailbox: { code: 550, text: '5.1.1 Mailbox unavailable' },
  senderRefused: { code: 550, text: '5.7.1 Sender not allowed for this recipient' },
  // An approved From domain whose SPF/DKIM/DMARC failed; a DNS temperror defers instead.
  notAuthenticated: { code: 550, text: '5.7.1 Sender address failed authentication (SPF, DKIM, DMARC)' },
  // The recipient blocked this sender or its domain (docs/product.md §3 "Blocked senders").
  blocked: { code: 550, text: '5.7.1 Delivery not authorized, sender blocked by the recipient' },
  authTemporary: { code: 451, text: '4.7.0 Sender authentication temporarily unavailable, try again later' },
  // A score at or above SPAM_REFUSE_SCORE for a recipient set to refuse (docs/spam.md).
  spamRefused: { code: 550, text: '5.7.1 Message refused as spam' },
  tooManyRecipients: { code: 452, text: '4.5.3 Too many recipients' },
  tooManyBadRecipients: { code: 421, text: '4.7.0 Too many invalid recipients, closing connection' },
  tooManyConnections: { code: 421, text: '4.7.0 Too many connections from your address, try again later' },
  probing: { code: 421, text: '4.7.0 Too many invalid recipients from your address, try again later' },
  sourceRoute: { code: 553, text: '5.1.7 Source routes are not accepted' },
  badSender: { code: 553, text: '5.1.7 Malformed sender address' },
  tempFailure: { code: 451, text: '4.3.0 Temporary failure, please try again later' },
  tooBig: { code: 552, text: '5.3.4 Message size exceeds fixed maximum message size' },
  // S2: bare LF or CR is refused, never normalised (SMTP smuggling); Postfix's `reject` mode.
  bareLineEnding: { code: 550, text: '5.5.2 Bare <LF> or <CR> in message data is not allowed (RFC 5321 section 2.3.8)' },
  tooManyHeaders: { code: 554, text: '5.6.0 Message header is too large' },
  mailLoop: { code: 554, text: '5.4.6 Too many Received headers, possible mail loop' },
  tooSlow: { code: 421, text: '4.4.2 Transfer too slow, closing connection' },
  dataTimeout: { code: 421, text: '4.4.2 Message transfer took too long, closing connection' },
  sessionTimeout: { code: 421, text: '4.4.2 Session time limit reached, closing connection' },
  shuttingDown: { code: 421, text: '4.3.2 Service shutting down, try again later' },
} as const;

export type Reply = (typeof REPLY)[keyof typeof REPLY];

/** The reply's name in REPLY (`tooBig`), the refusal reason in metrics. */
export function replyName(r: Reply): string {
  return Object.entries(REPLY).find(([, v]) => v === r)?.[0] ?? String(r.code);
}

/** The error shape smtp-server turns into a reply: `responseCode` and the message as the text. */
export function replyError(r: Reply): Error & { responseCode: number } {
  return Object.assign(new Error(r.text), { responseCode: r.code });
}

/** The 250 after DATA: only ever sent after the inbound row committed (docs/security.md D1). */
export function queuedReply(inboundId: number): string {
  return `2.0.0 Ok: queued as ${inboundId}`;
}
