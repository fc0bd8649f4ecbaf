import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const count = z.coerce.number().int().positive();
/** A period in ms where 0 turns the job off. */
const everyMs = z.coerce.number().int().nonnegative();
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** Every variable of docs/architecture.md §2, parsed once at start into one typed object. */
const ConfigSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_PORT: port.default(2525),
    SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_MAX_SIZE: z.coerce
      .number()
      .int()
      .positive()
      .default(25 * 1024 * 1024),
    /** Largest .mbox body an import accepts, bytes (docs/security.md IM1). */
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(100 * 1024 * 1024),
    /** Mail access for mail clients (docs/mail-clients.md): plain + STARTTLS ports, and implicit-TLS ports when set. */
    IMAP_PORT: port.default(1143),
    POP3_PORT: port.default(1110),
    IMAPS_PORT: port.optional(),
    POP3S_PORT: port.optional(),
    IMAP_HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_TLS_KEY: z.string().optional(),
    SMTP_TLS_CERT: z.string().optional(),
    /** Load balancers allowed to send a PROXY protocol header to the mx (comma-separated IPs); off when empty. */
    SMTP_PROXY_FROM: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: 'must be comma-separated IP addresses' }))),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    /** The password of DATABASE_URL when the URL carries none (the compose file's database). */
    POSTGRES_PASSWORD: z.string().optional(),
    /** The password of REDIS_URL when the URL carries none (the compose file's Redis). */
    REDIS_PASSWORD: z.string().optional(),
    /** Prefix of every Redis key (queues, live events, rate limits): installations sharing a Redis differ here. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
      .default('alias'),
    MAIL_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a domain name')
      .default('alias.localhost'),
    /** The mx's host name: the MX records' target, the SMTP banner and HELO; MAIL_DOMAIN when unset. */
    MX_HOSTNAME: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a host name')
      .optional(),
    /** Where people reach the SPA; every link the product builds starts here. Unset: this server's own port. */
    PUBLIC_URL: z.url().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(64).optional(),
    /** Where the admin's own mail (test e-mail, digests) goes; defaults to admin@MAIL_DOMAIN. */
    ADMIN_EMAIL: z.email().optional(),
    /** How long a confirmed session may change credentials without proving its owner again (docs/security.md W17). */
    REAUTH_WINDOW_MS: count.default(5 * 60_000),
    MASTER_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of 32 bytes')
      .optional(),
    /** A file holding MASTER_KEY (e.g. a mounted secret); generated there when missing in the embedded default. */
    MASTER_KEY_FILE: z
      .string()
      .trim()
      .transform((v) => v || undefined)
      .optional(),
    SMTP_RELAY_URL: optionalUrl,
    /** Web Push VAPID key pair (base64url, RFC 8292); unset: made on first use and stored sealed. */
    VAPID_PUBLIC_KEY: z.string().trim().optional(),
    VAPID_PRIVATE_KEY: z.string().trim().optional(),
    /** The contact push services see in the VAPID token (`mailto:` or `https:`); default mailto:ADMIN_EMAIL. */
    VAPID_SUBJECT: z.string().trim().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_API_BASE: optionalUrl,
    /** Stripe price ids by package handle: `plus-monthly=price_1,plus-yearly=price_2`. */
    STRIPE_PRICES: z
      .string()
      .optional()
      .transform((v) =>
        Object.fromEntries(
          (v ?? '')
            .split(',')
            .map((pair) => pair.split('=').map((s) => s.trim()))
            .filter((p): p is [string, string] => p.length === 2 && !!p[0] && !!p[1]),
        ),
      ),
    DNS_SERVERS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      ),
    /**
     * host:port pairs the SSRF guard lets through although they are not public (docs/security.md
     * UN1): for tests, whose stand-ins listen on loopback. Unset in production.
     */
    FETCH_ALLOW_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(/^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'FETCH_ALLOW_HOSTS: host:port pairs, comma-separated'),
        ),
      ),
    // Spam scoring with Rspamd (docs/spam.md): unset RSPAMD_URL = no scoring.
    /** Rspamd's normal worker (the mx asks its /checkv2), e.g. http://127.0.0.1:11333. */
    RSPAMD_URL: optionalUrl,
    /** Rspamd's controller, for learning from the readers' Spam/Not spam; default RSPAMD_URL on port 11334. */
    RSPAMD_CONTROLLER_URL: optionalUrl,
    /** The controller's password (sent as the Password header of /learnspam and /learnham). */
    RSPAMD_PASSWORD: z.string().optional(),
    /** How long the mx waits for a score; past it the message is stored unscored. */
    RSPAMD_TIMEOUT_MS: count.default(2000),
    /** At or above this score mail is likely spam: marked, or moved to the Spam folder. */
    SPAM_MARK_SCORE: z.coerce.number().default(6),
    /** At or above this score an alias set to refuse answers 550 5.7.1 and stores nothing. */
    SPAM_REFUSE_SCORE: z.coerce.number().default(15),
    /** Days an unverified personal-domain claim lives before the retention run deletes it (docs/security.md W24). */
    DOMAIN_CLAIM_DAYS: count.default(7),
    /** Unverified personal-domain claims one account may hold at once (W24). */
    DOMAIN_CLAIMS_PER_ACCOUNT: count.default(3),
    /** mx and worker: `/health` and `/metrics` on this port when set (the api serves them on PORT). */
    METRICS_PORT: port.optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    // mx session limits (docs/security.md S7, S8); the others are fixed in apps/mx/src/limits.ts.
    MX_MAX_CLIENTS: count.default(500),
    MX_MAX_PER_IP: count.default(10),
    /** Connections at once from one IPv4 /24 or IPv6 /64 (docs/security.md S7). */
    MX_MAX_PER_NETWORK: count.default(30),
    /** Refused recipients per client address in 15 minutes before its sessions get 421. */
    MX_MAX_BAD_RCPTS_PER_IP: count.default(30),
    /** The same across one IPv4 /24 or IPv6 /64 (docs/security.md S6). */
    MX_MAX_BAD_RCPTS_PER_NETWORK: count.default(100),
    /** A client owing a command line or message data sends at least MX_MIN_BYTES_PER_WINDOW per window. */
    MX_PROGRESS_WINDOW_MS: count.default(15_000),
    MX_MIN_BYTES_PER_WINDOW: count.default(256),
    MX_IDLE_TIMEOUT_MS: count.default(120_000),
    MX_DATA_TIMEOUT_MS: count.default(5 * 60_000),
    MX_SESSION_TIMEOUT_MS: count.default(10 * 60_000),
    /** On SIGTERM, how long a DATA in progress may finish before it gets 421. */
    MX_CLOSE_TIMEOUT_MS: count.default(25_000),
    // Sending limits of replies and chat messages (docs/security.md W21; the table in rate-limit.ts).
    SEND_PER_ALIAS_PER_HOUR: count.default(20),
    SEND_PER_ACCOUNT_PER_DAY: count.default(100),
    /** Addresses an account writes to for the first time, per day. */
    SEND_NEW_RECIPIENTS_PER_DAY: count.default(20),
    // Worker tunables (apps/worker/src/options.ts says what each one does).
    INGEST_CONCURRENCY: count.default(64),
    INGEST_BATCH: count.default(64),
    INGEST_MAX_ATTEMPTS: count.default(8),
    PARSE_TIMEOUT_MS: count.min(100).default(10_000),
    SWEEP_EVERY_MS: count.min(100).default(30_000),
    SWEEP_AFTER_MS: z.coerce.number().int().nonnegative().default(60_000),
    RETENTION_EVERY_MS: everyMs.default(60 * 60_000),
    /** With data shredding, how long trashed mail waits, restorable, before it is shredded (docs/architecture.md §4). */
    TRASH_GRACE_MINUTES: count.default(10),
    DIGESTS_EVERY_MS: everyMs.default(15 * 60_000),
    /** How often new mail is looked for to notify (docs/product.md §3 "Notifications"): the batching window. */
    NOTIFY_EVERY_MS: everyMs.default(60_000),
    /** How long a stopping process drains before it gives up on what is left (all of it is in Postgres). */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
    /**
     * Addresses or CIDRs of the reverse proxies in front of the api, comma-separated: only a request
     * from one of them has its X-Forwarded-For believed (per-IP limits, sessions' IP, logs).
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(
        z.array(
          z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'must be IP addresses or CIDRs, comma-separated' }),
        ),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  // Separate processes on one Postgres must share the key; a generated one would be per process.
  .refine((c) => !c.DATABASE_URL || c.MASTER_KEY || c.MASTER_KEY_FILE, {
    path: ['MASTER_KEY'],
    message: 'is required when DATABASE_URL is set, or MASTER_KEY_FILE (base64 of 32 bytes: openssl rand -base64 32)',
  })
  .refine((c) => !(c.MASTER_KEY && c.MASTER_KEY_FILE), {
    path: ['MASTER_KEY_FILE'],
    message: 'MASTER_KEY and MASTER_KEY_FILE are exclusive: set one',
  })
  .refine((c) => c.SPAM_REFUSE_SCORE >= c.SPAM_MARK_SCORE, {
    path: ['SPAM_REFUSE_SCORE'],
    message: 'must be at least SPAM_MARK_SCORE',
  })
  .refine((c) => !c.SMTP_TLS_KEY === !c.SMTP_TLS_CERT, {
    path: ['SMTP_TLS_CERT'],
    message: 'SMTP_TLS_KEY and SMTP_TLS_CERT go together',
  });

export type Config = Omit<z.infer<typeof ConfigSchema>, 'MX_HOSTNAME' | 'PUBLIC_URL'> & {
  MX_HOSTNAME: string;
  PUBLIC_URL: string;
};

/** The name of every variable (infra/.env.example and the README table are checked against it). */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape);

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    MX_HOSTNAME: c.MX_HOSTNAME ?? c.MAIL_DOMAIN,
    RSPAMD_CONTROLLER_URL: c.RSPAMD_CONTROLLER_URL ?? controllerOf(c.RSPAMD_URL),
    PUBLIC_URL: c.PUBLIC_URL ?? defaultPublicUrl(c.HOST, c.PORT),
    DATABASE_URL: withPassword(c.DATABASE_URL, c.POSTGRES_PASSWORD),
    REDIS_URL: withPassword(c.REDIS_URL, c.REDIS_PASSWORD),
  };
}

/** Rspamd's controller beside its normal worker: the same host on port 11334 (Rspamd's default). */
function controllerOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const u = new URL(url);
  u.port = '11334';
  return u.toString().replace(/\/$/, '');
}

/** The server's own address when PUBLIC_URL is unset, so links work in the one-process default on any PORT. */
function defaultPublicUrl(host: string, port: number): string {
  const loopbackOrAny = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  const name = loopbackOrAny ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** A URL with the password filled in when it names none: the compose file keeps the password in one variable. */
function withPassword(url: string | undefined, password: string | undefined): string | undefined {
  if (!url || !password) return url;
  const u = new URL(url);
  if (u.password) return url;
  u.password = password;
  return u.toString();
}
