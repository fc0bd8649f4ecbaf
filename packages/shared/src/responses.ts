// The answer of every API route (docs/product.md §7), one schema each. The api declares them as the routes'
// Fastify `response` schemas, so each answer is encoded through its schema: unknown keys are
// stripped and a mismatch is a 500. Failures all have ErrorBodySchema's shape.
import { z } from 'zod';
import { AdminLogsSchema, AdminUserSchema, DnsRecordSchema, FirstRunSchema, TestEmailResultSchema } from './access';
import { ApiTokenSchema, ApiTokenSelfSchema } from './api-tokens';
import { AliasLogEntrySchema, AliasStatisticsSchema, ChatEntrySchema } from './alias-management';
import {
  AliasSchema,
  InitResponseSchema,
  InvitationSchema,
  MessageSchema,
  ConversationSummarySchema,
  MessageSummarySchema,
  NoteSchema,
  PackageSchema,
  SourceSchema,
  UserSchema,
} from './api';
import { PasskeySchema, SECOND_FACTOR_METHODS } from './passkeys';
import { BlockRuleSchema, UnsubscribeResultSchema } from './blocks';
import { SpamSettingsSchema, SpamVerdictSchema } from './spam';

/** `{ success: true, msg? }` plus the payload; `msg` becomes a success flash (docs/product.md §7). */
export function okResponse<S extends z.ZodRawShape>(shape: S) {
  return z.object({ success: z.literal(true), msg: z.string().optional(), ...shape });
}

export const OkResponseSchema = okResponse({});

// ---- Start-up, sign-in, account ----

export const InitOkSchema = okResponse(InitResponseSchema.shape);
export const UserResponseSchema = okResponse({ user: UserSchema });
/** The silent sign-in check answers 200 `{ success: false }` when signed out. */
export const SilentUserResponseSchema = z.union([UserResponseSchema, z.object({ success: z.literal(false) })]);
/** Right password, but the account has a second factor: sign in again with `otp` (no session yet). */
export const SecondFactorRequiredSchema = z.object({
  success: z.literal(false),
  otp_required: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export const LoginResponseSchema = z.union([UserResponseSchema, SecondFactorRequiredSchema]);
/** A reset signs in, except an account with a second factor: it signs in again with its code. */
export const ResetResponseSchema = z.union([UserResponseSchema, OkResponseSchema]);
export const TotpStatusResponseSchema = okResponse({ enabled: z.boolean(), recovery_codes_left: z.int().nonnegative() });
/** The secret is shown once, as text and as an otpauth:// URL for a QR code. */
export const TotpEnrolmentResponseSchema = okResponse({ secret: z.string(), otpauth_url: z.string() });
/** Shown once; only their hashes are kept. */
export const RecoveryCodesResponseSchema = okResponse({ recovery_codes: z.array(z.string()) });
export const GeneratedHandleSchema = okResponse({ handle: z.string() });
export const GeneratedPasswordSchema = okResponse({ password: z.string() });
export const GeneratedNameSchema = okResponse({ name: z.string() });
/** The link is only there when no relay is configured: the admin passes it on by hand. */
export const InvitationsResponseSchema = okResponse({ link: z.string().optional(), invitations: z.array(InvitationSchema) });
/** The secret is in the creation answer only, never again (docs/security.md TK1). */
export const ApiTokenCreatedResponseSchema = okResponse({ token: z.string(), api_token: ApiTokenSchema });
export const ApiTokensResponseSchema = okResponse({ tokens: z.array(ApiTokenSchema) });
export const ApiTokenSelfResponseSchema = okResponse({ api_token: ApiTokenSelfSchema });

export const HealthResponseSchema = z.object({
  success: z.boolean(),
  /** The running release (semver) and the git commit it was built from. */
  version: z.string(),
  commit: z.string(),
  /** 'ok', or what is wrong (never a secret). */
  checks: z.record(z.string(), z.string()),
});

// ---- Billing and domains ----

export const SubscriptionResponseSchema = okResponse({
  /** Whether card payments are configured. */
  billing: z.boolean(),
  package: PackageSchema,
  subscription: z.object({
    package_id: z.int().positive(),
    expires: z.string().nullable(),
    status: z.string().nullable(),
  }),
});
/** POST /api/account/{id}/subscription/checkout: only the package; the server picks the price. */
export const CheckoutBodySchema = z.object({ package_id: z.int().positive() });
/** The hosted checkout to go to, or null when the plan changed in place. */
export const CheckoutResponseSchema = okResponse({ url: z.string().nullable() });
export const StripeWebhookResponseSchema = z.object({ received: z.literal(true), ignored: z.boolean().optional() });

/** A domain of the account: the shared one, or a personal one with the DNS records to publish. */
export const AccountDomainSchema = z.object({
  id: z.int().positive(),
  handle: z.string(),
  name: z.string(),
  personal: z.boolean(),
  verified: z.boolean(),
  txt_name: z.string().optional(),
  txt_value: z.string().optional(),
  mx_target: z.string().optional(),
});
export type AccountDomain = z.infer<typeof AccountDomainSchema>;
/** POST /api/account/{id}/domains: the name to claim. */
export const DomainAddBodySchema = z.object({ name: z.string().trim().toLowerCase().max(253) });
export const AccountDomainsResponseSchema = okResponse({ domains: z.array(AccountDomainSchema) });
export const AccountDomainResponseSchema = okResponse({ domain: AccountDomainSchema });
/** The MX hosts found for the domain, so the owner sees where its mail goes. */
export const DomainVerifiedResponseSchema = okResponse({ domain: AccountDomainSchema, mx: z.array(z.string()) });

// ---- Admin ----

export const SourcesResponseSchema = okResponse({ sources: z.array(SourceSchema) });
export const SourceResponseSchema = okResponse({ source: SourceSchema });
export const AdminUsersResponseSchema = okResponse({ users: z.array(AdminUserSchema) });
export const AdminUserResponseSchema = okResponse({ user: AdminUserSchema.nullable() });
export const AdminLogsResponseSchema = okResponse(AdminLogsSchema.shape);
export const FirstRunResponseSchema = okResponse({ first_run: FirstRunSchema });
/** A failed test e-mail is still a 200: the result is the answer (docs/product.md §7). */
export const TestEmailResponseSchema = z.object({ success: z.boolean(), msg: z.string(), email: TestEmailResultSchema });

// ---- Aliases ----

export const AliasesResponseSchema = okResponse({ aliases: z.array(AliasSchema) });
export const AliasResponseSchema = okResponse({ alias: AliasSchema });
export const AliasCreatedResponseSchema = okResponse({ handle: z.string(), alias: AliasSchema });
export const NoteResponseSchema = okResponse({ note: NoteSchema.nullable() });
export const AliasLogsResponseSchema = okResponse({ logs: z.array(AliasLogEntrySchema) });
export const AliasStatisticsResponseSchema = okResponse({ statistics: AliasStatisticsSchema });
export const ChatResponseSchema = okResponse({ messages: z.array(ChatEntrySchema) });
/** The reply just sent, as the list shows it, with its text. */
export const ChatSentResponseSchema = okResponse({
  message: MessageSummarySchema.extend({ text: z.string() }),
  /** `held`: this server has no outbound relay, so the mail waits in the outbox (docs/operations.md). */
  delivery: z.enum(['sending', 'held']),
});
export type ChatSent = z.infer<typeof ChatSentResponseSchema>;

// ---- Messages ----

export const MessagesPageResponseSchema = okResponse({
  messages: z.array(MessageSummarySchema),
  /** Pass as `?cursor=` for the next (older) page; null on the last. */
  next_cursor: z.string().nullable(),
});
/** GET /api/account/{id}/messages: All mail, a row per conversation, newest first. */
export const ConversationsPageResponseSchema = okResponse({
  messages: z.array(ConversationSummarySchema),
  next_cursor: z.string().nullable(),
});
/** GET /api/account/{id}/thread/{key}: a conversation's messages, received and sent, oldest first. */
export const ThreadResponseSchema = okResponse({ messages: z.array(MessageSummarySchema) });
/**
 * One remote resource of a message's HTML that the viewer blocks or proxies (docs/product.md §3
 * Message, trackers): a tracking pixel, a remote image or stylesheet, or a click-tracking
 * redirect link with the destination it forwards to.
 */
export const TrackerSchema = z.object({
  host: z.string(),
  kind: z.enum(['pixel', 'image', 'css', 'link']),
  target: z.string().optional(),
  /** A click-tracking link as the sender wrote it (through the tracker); absent on lists kept before it was. */
  href: z.string().optional(),
});
export type Tracker = z.infer<typeof TrackerSchema>;
export const MessageDetailSchema = MessageSchema.extend({
  trackers: z.array(TrackerSchema),
  /** Its conversation (GET …/thread/{key}); null for mail stored before conversations, which is one of its own. */
  thread_key: z.string().nullable(),
});
export type MessageDetail = z.infer<typeof MessageDetailSchema>;
export const MessageResponseSchema = okResponse({ message: MessageDetailSchema });
/** GET /api/account/{id}/search: the matching messages of every alias (or one), newest first. */
export const SearchResponseSchema = okResponse({
  messages: z.array(MessageSummarySchema),
  next_cursor: z.string().nullable(),
  /** The scan stopped at its bound before the page was full: more results may exist past next_cursor. */
  partial: z.boolean(),
});
/** POST /api/account/{id}/search/bulk: messages changed, and whether more may match than one call covers. */
export const SearchBulkResponseSchema = okResponse({ count: z.int().nonnegative(), more: z.boolean() });
/** How many of the named messages were changed (another alias's ids count for nothing). */
export const CountResponseSchema = okResponse({ count: z.int().nonnegative() });

// ---- Spam (docs/spam.md) ----

export const SpamSettingsResponseSchema = okResponse({ spam: SpamSettingsSchema });
/** The message's verdict after the reader's Spam / Not spam, and whether Rspamd learnt from it. */
export const SpamLearnResponseSchema = okResponse({ spam: SpamVerdictSchema, learned: z.boolean() });
/** POST …/import: messages stored, ones the alias held already, and entries left out (numbered in file order from 0). */
export const ImportResponseSchema = okResponse({
  imported: z.int().nonnegative(),
  skipped: z.int().nonnegative(),
  errors: z.array(z.object({ index: z.int().nonnegative(), reason: z.string() })),
});

/** GET /api/admin/dns-records and GET /api/account/{id}/domains/{domainId}/dns-records. */
export const DnsRecordsResponseSchema = okResponse({ records: z.array(DnsRecordSchema) });

// ---- Passkeys ----

export const PasskeysResponseSchema = okResponse({ passkeys: z.array(PasskeySchema) });
export const PasskeyResponseSchema = okResponse({ passkey: PasskeySchema });
/** WebAuthn creation or request options, as `@simplewebauthn/browser` takes them. */
export const PasskeyOptionsResponseSchema = okResponse({ options: z.record(z.string(), z.unknown()) });
/** GET /api/push/key: the VAPID public key a browser subscribes with (docs/product.md §3 "Notifications"). */
export const PushKeyResponseSchema = okResponse({ public_key: z.string() });

// ---- Unsubscribe and blocks ----

export const UnsubscribeResponseSchema = okResponse({ unsubscribe: UnsubscribeResultSchema });
export const BlocksResponseSchema = okResponse({ blocks: z.array(BlockRuleSchema) });
export const BlockResponseSchema = okResponse({ block: BlockRuleSchema });
