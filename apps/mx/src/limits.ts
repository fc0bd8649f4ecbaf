import { z } from 'zod';

/**
 * Session limits of the mx (SECURITY S4–S8). The defaults suit production; tests pass smaller
 * values to startMx, and operators may override them with the MX_* variables below.
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
  /** Refused RCPTs from one address across sessions within `badRecipientWindowMs` (S6: probing by reconnecting). */
  maxBadRecipientsPerIp: number;
  badRecipientWindowMs: number;
  /** How long a client over either bad-recipient limit waits for its 421 (slows probing further). */
  badRecipientDelayMs: number;
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

export const DEFAULT_LIMITS: Omit<MxLimits, 'maxSize'> = {
  maxRecipients: 50,
  maxBadRecipients: 10,
  maxClients: 500,
  maxPerIp: 10,
  maxPerNetwork: 30,
  maxBadRecipientsPerIp: 30,
  badRecipientWindowMs: 15 * 60_000,
  badRecipientDelayMs: 5_000,
  progressWindowMs: 15_000,
  minBytesPerWindow: 256,
  idleTimeoutMs: 120_000,
  dataTimeoutMs: 5 * 60_000,
  sessionTimeoutMs: 10 * 60_000,
  closeTimeoutMs: 25_000,
  maxHeaderLines: 1000,
  maxReceived: 100,
};

const int = z.coerce.number().int().positive();
const EnvSchema = z.object({
  MX_MAX_CLIENTS: int.optional(),
  MX_MAX_PER_IP: int.optional(),
  MX_MAX_PER_NETWORK: int.optional(),
  MX_MAX_BAD_RCPTS_PER_IP: int.optional(),
  MX_PROGRESS_WINDOW_MS: int.optional(),
  MX_MIN_BYTES_PER_WINDOW: int.optional(),
  MX_IDLE_TIMEOUT_MS: int.optional(),
  MX_DATA_TIMEOUT_MS: int.optional(),
  MX_SESSION_TIMEOUT_MS: int.optional(),
});

/** Limits from the environment (MX_* variables) over the defaults; a bad value names the variable. */
export function limitsFromEnv(env: Record<string, string | undefined> = process.env): Partial<MxLimits> {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('MX_') && v)));
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`);
  }
  const e = parsed.data;
  const out: Partial<MxLimits> = {};
  if (e.MX_MAX_CLIENTS) out.maxClients = e.MX_MAX_CLIENTS;
  if (e.MX_MAX_PER_IP) out.maxPerIp = e.MX_MAX_PER_IP;
  if (e.MX_MAX_PER_NETWORK) out.maxPerNetwork = e.MX_MAX_PER_NETWORK;
  if (e.MX_MAX_BAD_RCPTS_PER_IP) out.maxBadRecipientsPerIp = e.MX_MAX_BAD_RCPTS_PER_IP;
  if (e.MX_PROGRESS_WINDOW_MS) out.progressWindowMs = e.MX_PROGRESS_WINDOW_MS;
  if (e.MX_MIN_BYTES_PER_WINDOW) out.minBytesPerWindow = e.MX_MIN_BYTES_PER_WINDOW;
  if (e.MX_IDLE_TIMEOUT_MS) out.idleTimeoutMs = e.MX_IDLE_TIMEOUT_MS;
  if (e.MX_DATA_TIMEOUT_MS) out.dataTimeoutMs = e.MX_DATA_TIMEOUT_MS;
  if (e.MX_SESSION_TIMEOUT_MS) out.sessionTimeoutMs = e.MX_SESSION_TIMEOUT_MS;
  return out;
}
