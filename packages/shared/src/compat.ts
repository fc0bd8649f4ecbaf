// The compatible endpoints (docs/bitwarden.md): the few calls of addy.io's and SimpleLogin's APIs
// that password managers (Bitwarden's username generator) and those services' own apps make, with
// their request and answer shapes, so a client configured for them works against this server.
import { z } from 'zod';
import { NOTE_MAX_LENGTH } from './limits';

/** A failure on these routes, as both services answer one: Bitwarden shows `error` or `message`. */
export const CompatErrorSchema = z.object({ error: z.string(), message: z.string() });
export type CompatError = z.infer<typeof CompatErrorSchema>;

/** The words of the compatible endpoints' own refusals. */
export const COMPAT_MSG = {
  tokenRequired:
    'Send a personal API token as Authorization: Bearer … or Authentication: …; a signed-in session is not accepted here.',
  domainNotAllowed: 'This domain is not one of your domains.',
} as const;

const Host = z.string().trim().max(253);
const Note = z.string().max(NOTE_MAX_LENGTH);

/** POST /api/v1/aliases, as Bitwarden sends it: `{domain, description}`; other addy.io fields are ignored. */
export const AddyAliasBodySchema = z.object({
  domain: Host.optional(),
  description: Note.nullable().optional(),
});

export const AddyAliasSchema = z.object({
  id: z.string(),
  email: z.string(),
  local_part: z.string(),
  domain: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** `YYYY-MM-DD HH:MM:SS` in UTC, as addy.io writes times. */
  created_at: z.string(),
  updated_at: z.string(),
});
export const AddyAliasResponseSchema = z.object({ data: AddyAliasSchema });

export const AddyAccountDetailsResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    username: z.string(),
    default_alias_domain: z.string(),
    default_alias_format: z.string(),
    subscription: z.string(),
    active_shared_domain_alias_count: z.int().nonnegative(),
    /** 0 when the plan sets no limit. */
    active_shared_domain_alias_limit: z.int().nonnegative(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});

export const AddyDomainOptionsResponseSchema = z.object({
  data: z.array(z.string()),
  defaultAliasDomain: z.string(),
  defaultAliasFormat: z.string(),
});

/** POST /api/alias/random/new?hostname=… */
export const SimpleLoginRandomQuerySchema = z.object({ hostname: Host.optional() });
export const SimpleLoginRandomBodySchema = z.object({ note: Note.nullable().optional() }).optional();

export const SimpleLoginAliasSchema = z.object({
  id: z.int(),
  alias: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  enabled: z.boolean(),
  note: z.string().nullable(),
  /** `YYYY-MM-DD HH:MM:SS+00:00`, as SimpleLogin writes times. */
  creation_date: z.string(),
  creation_timestamp: z.int(),
});

export const SimpleLoginUserInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  is_premium: z.boolean(),
  in_trial: z.boolean(),
  profile_picture_url: z.string().nullable(),
  max_alias_free_plan: z.int().nonnegative(),
});

export const SimpleLoginAliasOptionsSchema = z.object({
  can_create: z.boolean(),
  prefix_suggestion: z.string(),
  /** Custom-prefix aliases are not offered through this API: random ones only. */
  suffixes: z.array(z.object({ suffix: z.string(), signed_suffix: z.string(), is_custom: z.boolean(), is_premium: z.boolean() })),
});
