import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/** Every variable of DESIGN.md §2, parsed once at start into one typed object. */
const ConfigSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: port.default(2525),
  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_MAX_SIZE: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  SMTP_TLS_KEY: z.string().optional(),
  SMTP_TLS_CERT: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a domain name')
    .default('alias.localhost'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  ADMIN_PASSWORD: z.string().min(8).max(64).optional(),
  /** Where the admin's own mail (test e-mail, digests) goes; defaults to admin@MAIL_DOMAIN. */
  ADMIN_EMAIL: z.email().optional(),
  MASTER_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of 32 bytes')
    .optional(),
  SMTP_RELAY_URL: optionalUrl,
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
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  /**
   * Addresses or CIDRs of the reverse proxies in front of the api, comma-separated: only a request
   * from one of them has its X-Forwarded-For believed (per-IP limits, sessions' IP, logs).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []))
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'must be IP addresses or CIDRs, comma-separated' }))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})
  // Separate processes on one Postgres must share the key; a generated one would be per process.
  .refine((c) => !c.DATABASE_URL || c.MASTER_KEY, {
    path: ['MASTER_KEY'],
    message: 'is required when DATABASE_URL is set (base64 of 32 bytes: openssl rand -base64 32)',
  })
  .refine((c) => !c.SMTP_TLS_KEY === !c.SMTP_TLS_CERT, {
    path: ['SMTP_TLS_CERT'],
    message: 'SMTP_TLS_KEY and SMTP_TLS_CERT go together',
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** For process entry files: a bad value prints the message naming the variable and exits. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
