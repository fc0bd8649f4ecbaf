// Personal API tokens (docs/product.md §2, docs/security.md TK1–TK6): the wire shapes and the messages.
import { z } from 'zod';
import { ReauthProofSchema } from './reauth';

/** What every token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'amt_';
/** Tokens an account may hold at once. */
export const MAX_API_TOKENS = 50;
/** 'mail' is an app password: it signs a mail client in over IMAP or POP3 (docs/mail-clients.md) and never calls the API. */
export const API_TOKEN_SCOPES = ['read', 'write', 'mail'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_MSG = {
  created: 'Token created. Copy it now: it is shown only this once.',
  revoked: 'Token revoked.',
  tooMany: `You can hold at most ${MAX_API_TOKENS} API tokens. Revoke one first.`,
  noExpiryWarning: 'A token that never expires works until you revoke it: anyone who copies it keeps your mailbox.',
  invalid: 'This API token is not valid: it was revoked, it has expired, or it was mistyped.',
  mailOnly: 'This token is an app password: it signs in mail clients over IMAP and POP3 only, never the API.',
  readOnly: 'This API token may only read (GET). Create a token with the write scope to make changes.',
  securityRoute:
    'API tokens cannot change account security (password, e-mail, username, two-factor, passkeys, tokens, sessions). Sign in instead.',
  adminRoute: 'API tokens never reach admin calls, not even the admin’s. Sign in instead.',
  sessionOnly: 'The live event stream needs a signed-in page; API tokens cannot open it.',
  accountRoutesOnly: 'API tokens work only on /api/account/{id}/… calls, GET /api/token and the compatible endpoints.',
  bearerOnly: 'Send a personal API token as Authorization: Bearer … to learn what it may do.',
  tooManyCalls: 'Too many calls with this API token. Please wait a minute.',
} as const;

/** The lifetimes a token may be given, in days (docs/security.md TK6); `null` is "never", with a warning. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const API_TOKEN_DEFAULT_EXPIRY_DAYS = 90;

/**
 * POST /api/account/{id}/tokens. `expires_in_days` is one of API_TOKEN_EXPIRY_DAYS, or null for
 * never; left out, the token lives API_TOKEN_DEFAULT_EXPIRY_DAYS. Minting is a credential change, so
 * a stale session adds the proof (docs/security.md W17).
 */
export const CreateApiTokenSchema = ReauthProofSchema.extend({
  label: z
    .string()
    .trim()
    .min(1, { error: 'The label must not be empty.' })
    .max(100, { error: 'The label is at most 100 characters.' }),
  scope: z.enum(API_TOKEN_SCOPES),
  expires_in_days: z
    .literal(API_TOKEN_EXPIRY_DAYS, { error: `The expiry must be ${API_TOKEN_EXPIRY_DAYS.join(', ')} days, or never.` })
    .nullable()
    .optional(),
});
export type CreateApiToken = z.infer<typeof CreateApiTokenSchema>;

/** A token as listed: never its secret. */
export const ApiTokenSchema = z.object({
  id: z.int().positive(),
  label: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created: z.string(),
  last_used: z.string().nullable(),
  expires: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** GET /api/token: what the calling token is: its account (the `{id}` of every path), scope and expiry. */
export const ApiTokenSelfSchema = z.object({
  account_id: z.int().positive(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** ISO date-time, or null for a token that does not expire. */
  expires_at: z.string().nullable(),
});
