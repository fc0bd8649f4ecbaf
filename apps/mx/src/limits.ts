import type { Config } from '@app/runtime';

/**
 * Session limits of the mx (docs/security.md S4–S8). The defaults suit production; tests pass smaller
 * values to startMx, and operators may override some with the MX_* variables (runtime config).
 */
export interface MxLimits {
  /** Largest message in bytes, advertised with SIZE (RFC 1870). */
  maxSize: number;
  /** Recipients per message; the next RCPT gets 452 4.5.3 (RFC 5321 §4.5.3.1.8 allows 100+). */
  maxRecipients: number;
  /** Refused RCPTs in one session before the mx hangs up with 421 (alias enumeration, S6). */
  maxBadRecipients: number;
  /** Connections at once (smtp-server answers 421 past it). */
  maxClients: number;
  /** Connections at once from one IP address (S7). */
  maxPerIp: number;
  /** Connections at once from one network, IPv4 /24 or IPv6 /64 (S7: one host rarely has one address). */
  maxPerNetwork: number;
  /** How long a client over either bad-recipient limit (`mx:bad-rcpt` of packages/runtime/src/rate-limit.ts) waits for its 421 (slows probing further). */
  badRecipientDelayMs: number;
  /**
   * A refused RCPT is answered at a whole multiple of this time after its command, whatever the
   * reason (S6): the lookup's own time never tells an expired alias from one that never existed.
   */
  refusalFloorMs: number;
  /** Trickle guard (S8): while a command line or message data is due, at least `minBytesPerWindow` per window. */
  progressWindowMs: number;
  minBytesPerWindow: number;
  /** Idle timeout between commands (S8; RFC 5321 §4.5.3.2 suggests 5 min). */
  idleTimeoutMs: number;
  /** Deadline for one DATA transfer, from 354 to the final dot (S8: trickle clients). */
  dataTimeoutMs: number;
  /** Absolute deadline of a whole session (S8). */
  sessionTimeoutMs: number;
  /** How long close() lets sessions in progress finish (D10; smtp-server's default is 30 s). */
  closeTimeoutMs: number;
  /** Header lines before a message is refused (S9). */
  maxHeaderLines: number;
  /** Received: headers before a message is refused as a loop (S9; RFC 5321 §6.3). */
  maxReceived: number;
}

/** The limits as configured (SMTP_MAX_SIZE and the MX_* variables of the one config object). */
export function limitsFromConfig(config: Config): MxLimits {
  return {
    maxSize: config.SMTP_MAX_SIZE,
    maxRecipients: 50,
    maxBadRecipients: 10,
    maxClients: config.MX_MAX_CLIENTS,
    maxPerIp: config.MX_MAX_PER_IP,
    maxPerNetwork: config.MX_MAX_PER_NETWORK,
    badRecipientDelayMs: 5_000,
    refusalFloorMs: 250,
    progressWindowMs: config.MX_PROGRESS_WINDOW_MS,
    minBytesPerWindow: config.MX_MIN_BYTES_PER_WINDOW,
    idleTimeoutMs: config.MX_IDLE_TIMEOUT_MS,
    dataTimeoutMs: config.MX_DATA_TIMEOUT_MS,
    sessionTimeoutMs: config.MX_SESSION_TIMEOUT_MS,
    closeTimeoutMs: config.MX_CLOSE_TIMEOUT_MS,
    maxHeaderLines: 1000,
    maxReceived: 100,
  };
}
