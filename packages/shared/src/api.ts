// Wire shapes of the API (docs/product.md §3, §7). Field names are snake_case exactly as in docs/product.md §3.
// The api declares them as Fastify response schemas (responses.ts), so every answer is encoded
// through them: objects strip unknown keys, and an answer that does not match is a 500, never a leak.
import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { ALIAS_LABEL_MAX, DIGEST_CODES, LIFESPAN_OPTIONS, NOTE_MAX_LENGTH } from './limits';
import { EmailSchema, classifySender } from './rules';
import { NotifySchema } from './reply';
import { ReauthProofSchema } from './reauth';
import { UNSUBSCRIBE_METHODS } from './blocks';
import { SpamModeSchema, SpamVerdictSchema } from './spam';

const Id = z.int().positive();
const Count = z.int().nonnegative();
/** Timestamps travel as ISO 8601 strings; the *_unix fields as seconds. */
const Timestamp = z.string();
const UnixSeconds = z.number();

export const ErrorBodySchema = z.object({
  success: z.literal(false),
  msg: z.string(),
  code: z.enum(ERROR_CODES),
  requestId: z.string().optional(),
});

export const DigestSchema = z.enum(DIGEST_CODES).nullable();
export const LifespanSchema = z.literal(LIFESPAN_OPTIONS.filter((d) => d !== null)).nullable();

export const PackageSchema = z.object({
  id: Id,
  handle: z.string(),
  label: z.string(),
  description: z.string(),
  price: z.number(),
  /** 12 means yearly, otherwise monthly. */
  term: z.int(),
  stripe_id: z.string().nullable(),
  can_cancel: z.boolean(),
  can_renew: z.boolean(),
  can_upgrade: z.boolean(),
  features: z.object({
    address_customization: z.boolean(),
    triple_encryption: z.boolean(),
    personal_domain: z.boolean(),
    data_shredding: z.boolean(),
  }),
  /** null means unlimited (address_count, storage_capacity), never deleted (storage_days), any (digest). */
  limits: z.object({
    address_count: z.int().nullable(),
    storage_days: z.int().nullable(),
    storage_capacity: z.number().nullable(),
    digest_frequency: z.string().nullable(),
  }),
});
export type Package = z.infer<typeof PackageSchema>;

export const SenderSchema = z.object({
  id: Id,
  /** An address, or a `*.domain` wildcard covering the domain and its subdomains. */
  address: z.string(),
  hostname: z.string().nullable(),
});
export type Sender = z.infer<typeof SenderSchema>;

export const SourceSchema = z.object({
  id: Id,
  handle: z.string(),
  label: z.string(),
  icon: z.string().nullable(),
  avatar: z.string().nullable(),
  color: z.string().nullable(),
  url: z.string().nullable(),
  rules: z.string().nullable(),
  is_public: z.boolean(),
  user_id: Id.nullable(),
  senders: z.array(SenderSchema),
});
export type Source = z.infer<typeof SourceSchema>;

export const DomainSchema = z.object({
  id: Id,
  handle: z.string(),
  name: z.string(),
});
export type Domain = z.infer<typeof DomainSchema>;

// No token field: the session token lives in an HttpOnly cookie and never reaches page scripts.
export const UserSchema = z.object({
  id: Id,
  /** null until the account is registered. */
  handle: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  mobile: z.string().nullable(),
  /** Aliases made for a site through the compatible endpoints start with a readable prefix from it (docs/bitwarden.md). */
  site_handle_prefix: z.boolean(),
  approved: Timestamp.nullable(),
  registered: Timestamp.nullable(),
  is_admin: z.boolean(),
  subscription: z
    .object({
      package_id: Id,
      expires: Timestamp.nullable(),
    })
    .nullable(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * The one-time code and the confirmation link found in a message (docs/product.md §3 Message,
 * verification); both null when it has none, or when it was stored by a release before this one and
 * not opened since.
 */
export const VerificationSchema = z.object({ code: z.string().nullable(), link: z.string().nullable() });
export type Verification = z.infer<typeof VerificationSchema>;

export const MessageSummarySchema = z.object({
  id: Id,
  alias_id: Id,
  sender_label: z.string().nullable(),
  sender_address: z.string(),
  subject: z.string(),
  /** The start of the text on one line; null for mail stored before previews were kept. */
  snippet: z.string().nullable(),
  sent: Timestamp,
  sent_unix: UnixSeconds,
  created: Timestamp,
  html: z.boolean(),
  opened: Timestamp.nullable(),
  opened_unix: UnixSeconds.nullable(),
  direction: z.enum(['in', 'out']),
  state: z.enum(['ok', 'failed']),
  attachments_count: Count,
  /** How the message's List-Unsubscribe lets the reader unsubscribe; empty when it has none. */
  unsubscribe: z.array(z.enum(UNSUBSCRIBE_METHODS)),
  verification: VerificationSchema,
  /** Rspamd's verdict (docs/spam.md): score null = not scored; action null = scoring was off. */
  spam: SpamVerdictSchema,
});
export type MessageSummary = z.infer<typeof MessageSummarySchema>;

/** A row of All mail (docs/product.md §3 "All mail"): a conversation, shown at its newest inbox message. */
export const ConversationSummarySchema = MessageSummarySchema.extend({
  /** The conversation (GET …/thread/{key}); null for mail stored before conversations, which is one of its own. */
  thread_key: z.string().nullable(),
  /** Its messages, sent replies included; counted up to 999. */
  thread_count: z.int().positive(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const AttachmentSchema = z.object({
  id: Id,
  filename: z.string(),
  content_type: z.string(),
  size: Count,
  cid: z.string().nullable(),
  /** Shown inside the HTML (a `cid:` image), so not listed with the attachments. */
  embedded: z.boolean(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

// The HTML part is not here on purpose: it is only served, sanitised, by the viewer.
export const MessageSchema = MessageSummarySchema.extend({
  text: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
  /** Sender authentication, mailauth's result words; null for mail stored before it. */
  auth: z
    .object({
      spf: z.string(),
      dkim: z.string(),
      dmarc: z.string(),
      arc: z.string(),
    })
    .nullable(),
  warnings: z.array(z.string()),
  /**
   * What "Block sender" blocks: the authenticated From address, else the envelope sender (a forged
   * From is never blocked in the name of the domain it imitates); null when there is neither.
   */
  block: z.object({ sender: z.string(), domain: z.string() }).nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const AliasSchema = z.object({
  id: Id,
  handle: z.string(),
  /** The full address, handle@domain. */
  address: z.string(),
  label: z.string().nullable(),
  icon: z.string().nullable(),
  source_id: Id.nullable(),
  source: SourceSchema.nullable(),
  user_id: Id,
  domain_id: Id,
  unread_count: Count,
  total_count: Count,
  contacted_unix: UnixSeconds.nullable(),
  created_unix: UnixSeconds,
  created: Timestamp,
  accessed: Timestamp.nullable(),
  updated: Timestamp,
  /** Days; null is Forever. */
  lifespan: z.int().positive().nullable(),
  digest: DigestSchema,
  is_active: z.boolean(),
  is_trashed: z.boolean(),
  is_whitelisted: z.boolean(),
  senders: z.array(SenderSchema),
  specialty: z.string().nullable(),
  /** docs/product.md §3 "Notifications". */
  notify: NotifySchema,
  /** What mail scored as spam does here; null follows the account's setting (docs/spam.md). */
  spam_mode: SpamModeSchema.nullable(),
  last_message: MessageSummarySchema.nullable(),
  /** The organisational domain the address was given to (docs/product.md §3 Alias); null until learned. */
  origin: z.string().nullable(),
  /** Mail from another organisation than the origin; null when there is none (or it was dismissed). */
  leak: z.object({ domain: z.string(), first_seen: Timestamp, count: Count }).nullable(),
  /** Given to several senders on purpose (chat, family, group): no leak warnings. */
  shared_senders: z.boolean(),
  /** Organisations the owner said are fine: their mail raises no leak warning. */
  leak_ignored: z.array(z.string()),
  /** The instant after which new mail is refused; null for never. */
  expires: Timestamp.nullable(),
  /** How many messages the alias accepts since the limit was set; null for no limit. */
  max_messages: z.int().positive().nullable(),
  /** The date has passed or the message limit is reached: the mx refuses new mail. */
  expired: z.boolean(),
  /** Listed first in the sidebar. */
  pinned: z.boolean(),
});
export type Alias = z.infer<typeof AliasSchema>;

export const NoteSchema = z.object({
  id: Id,
  label: z.string(),
  locked: z.boolean(),
  shield: z.boolean(),
  value: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

export const InvitationSchema = z.object({
  id: Id,
  name: z.string(),
  /** The invited e-mail address. */
  target: z.string(),
  message: z.string(),
  claimed: Timestamp.nullable(),
  created: Timestamp,
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InitResponseSchema = z.object({
  packages: z.array(PackageSchema),
  sources: z.array(SourceSchema),
  domains: z.array(DomainSchema),
  /** Public keys by id, including the card payment provider's publishable key. */
  keys: z.record(z.string(), z.string()),
  /** With data shredding, minutes a trashed message stays restorable before it is shredded. */
  trash_grace_minutes: z.int().positive(),
});
export type InitResponse = z.infer<typeof InitResponseSchema>;

// ---- Request bodies ----

export const LoginBodySchema = z.object({
  handle: z.string().min(1),
  password: z.string().min(1),
  /** A current authentication code or a recovery code, once the account has a second factor. */
  otp: z.string().max(64).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** Confirms a TOTP enrolment with a first code from the authenticator app. */
export const TotpConfirmBodySchema = ReauthProofSchema.extend({ code: z.string().max(64) });
export type TotpConfirmBody = z.infer<typeof TotpConfirmBodySchema>;

/**
 * Turning TOTP off takes a current code or the account's password; a stale session gives both
 * (docs/security.md W17).
 */
export const TotpDisableBodySchema = ReauthProofSchema.extend({
  code: z.string().max(64).optional(),
  password: z.string().max(1000).optional(),
});
export type TotpDisableBody = z.infer<typeof TotpDisableBodySchema>;

export const ResetRequestBodySchema = z.object({
  email: EmailSchema,
});
export type ResetRequestBody = z.infer<typeof ResetRequestBodySchema>;

export const InviteBodySchema = z.object({
  name: z.string().trim().min(1).max(255),
  email: EmailSchema,
  message: z.string().max(10_000),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** The SPA sends flags as 0 or 1 (docs/product.md §7); booleans are accepted too. Output is boolean. */
export const FlagSchema = z.union([z.boolean(), z.literal([0, 1])]).transform((v) => v === true || v === 1);

/** One allowed sender as typed (address or domain), validated and turned into its stored pattern. */
export const SenderInputSchema = z.string().transform((input, ctx) => {
  const r = classifySender(input);
  if ('error' in r) {
    ctx.addIssue({ code: 'custom', message: r.error, input });
    return z.NEVER;
  }
  return r.pattern;
});

/**
 * The body of `POST /api/account/{id}/alias` (docs/product.md §7: none, or a body from the account action).
 * Handle and icon are plain strings here, checked by the server so that each refusal carries its
 * exact message ('The address …', 'This icon is not available.'). No body at all means `{}`.
 */
export const AliasCreateBodySchema = z
  .object({
    handle: z.string().max(1000).optional(),
    domain_id: Id.optional(),
    specialty: z.literal('chat').nullable().optional(),
    label: z.string().trim().max(ALIAS_LABEL_MAX).nullable().optional(),
    icon: z.string().max(64).nullable().optional(),
    /** The site the address is for (a domain or an address): its organisational domain becomes the origin. */
    origin: z.string().trim().toLowerCase().max(253).nullable().optional(),
  })
  .nullish()
  .transform((v) => v ?? {});
export type AliasCreateBody = NonNullable<z.input<typeof AliasCreateBodySchema>>;

/**
 * The body of `PUT /api/account/{id}/alias/{aliasId}` (docs/product.md §7): only the changed fields. Handle,
 * senders and icon are plain strings, checked by the server for their exact messages ('The address
 * …', 'Duplicate sender!'); a null or empty label clears it.
 */
export const AliasUpdateBodySchema = z.object({
  handle: z.string().max(1000).optional(),
  label: z.string().trim().max(ALIAS_LABEL_MAX).nullable().optional(),
  icon: z.string().max(64).nullable().optional(),
  source: Id.nullable().optional(),
  senders: z.array(z.string().max(1000)).max(500).optional(),
  is_active: FlagSchema.optional(),
  is_trashed: FlagSchema.optional(),
  is_whitelisted: FlagSchema.optional(),
  digest: DigestSchema.optional(),
  lifespan: LifespanSchema.optional(),
  domain_id: Id.optional(),
  notes: z.string().max(NOTE_MAX_LENGTH).optional(),
  /** A domain (its organisational domain is kept) or null to learn it again from the next sender. */
  origin: z.string().trim().toLowerCase().max(253).nullable().optional(),
  /** Only null: dismisses the leak warning. */
  leak: z.null().optional(),
  /** true: the alias is given to several senders on purpose; warns of no leak (and clears the current one). */
  shared_senders: z.boolean().optional(),
  /** An organisation whose mail is fine from now on (its organisational domain is kept); clears its warning. */
  leak_ignore: z.string().trim().toLowerCase().min(1).max(253).optional(),
  expires: z.iso.datetime({ offset: true }).or(z.iso.date()).nullable().optional(),
  max_messages: z.int().min(1).max(1_000_000).nullable().optional(),
  notify: NotifySchema.optional(),
  /** null: follow the account's spam mode. */
  spam_mode: SpamModeSchema.nullable().optional(),
  /** Listed first in the sidebar. */
  pinned: z.boolean().optional(),
});
export type AliasUpdateBodyInput = z.input<typeof AliasUpdateBodySchema>;
export type AliasUpdateBody = z.output<typeof AliasUpdateBodySchema>;

const MessageIdsSchema = z.array(Id).min(1).max(500);

/**
 * Which messages a bulk action covers: the ids given, or every message of the alias (`all: true`,
 * for an inbox larger than the pages loaded). Exactly one of the two.
 */
const MessageSelection = {
  message_ids: MessageIdsSchema.optional(),
  all: z.literal(true).optional(),
};
const oneSelection = (b: { message_ids?: number[]; all?: true }) => (b.message_ids === undefined) !== (b.all === undefined);
const ONE_SELECTION = { message: 'Give either message_ids or all.' };

export const MarkMessagesBodySchema = z
  .object({ ...MessageSelection, type: z.enum(['read', 'unread']) })
  .refine(oneSelection, ONE_SELECTION);
export type MarkMessagesBody = z.infer<typeof MarkMessagesBodySchema>;

export const TrashMessagesBodySchema = z.object(MessageSelection).refine(oneSelection, ONE_SELECTION);
export type TrashMessagesBody = z.infer<typeof TrashMessagesBodySchema>;

/** PUT …/restore_messages: trashed messages back to the inbox. */
export const RestoreMessagesBodySchema = z.object({ message_ids: MessageIdsSchema });
export type RestoreMessagesBody = z.infer<typeof RestoreMessagesBodySchema>;

/** The text is checked by the server so that an empty one gets its own message (docs/product.md §5 "Chat message"). */
/** `confirm`: as for a reply (ReplyBodySchema): send to an unverified sender. */
export const ChatBodySchema = z.object({ text: z.string().max(100_000), confirm: z.boolean().optional() });
export type ChatBody = z.infer<typeof ChatBodySchema>;

/**
 * One live update of the account's event stream (`GET /api/account/{id}/events`, SSE): the event
 * name is `type`, the data this object. Ids and counters only, never content.
 */
export const LiveEventSchema = z.object({
  type: z.enum(['message', 'alias']),
  aliasId: Id,
  messageId: Id.optional(),
  unread_count: Count.optional(),
  total_count: Count.optional(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;
