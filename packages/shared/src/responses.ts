// The answer of every API route (docs/product.md §7), one schema each. The api declares them as the routes'
// Fastify `response` schemas, so each answer is encoded through its schema: unknown keys are
// stripped and a mismatch is a 500. Failures all have ErrorBodySchema's shape.
import { z } from 'zod';
import { AdminLogsSchema, AdminUserSchema, DnsRecordSchema, TestEmailResultSchema } from './access';
import { AliasLogEntrySchema, AliasStatisticsSchema, ChatEntrySchema } from './alias-management';
import {
  AliasSchema,
  InitResponseSchema,
  InvitationSchema,
  MessageSchema,
  MessageSummarySchema,
  NoteSchema,
  PackageSchema,
  SourceSchema,
  UserSchema,
} from './api';

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
export const GeneratedHandleSchema = okResponse({ handle: z.string() });
export const GeneratedPasswordSchema = okResponse({ password: z.string() });
export const GeneratedNameSchema = okResponse({ name: z.string() });
/** The link is only there when no relay is configured: the admin passes it on by hand. */
export const InvitationsResponseSchema = okResponse({ link: z.string().optional(), invitations: z.array(InvitationSchema) });

export const HealthResponseSchema = z.object({
  success: z.boolean(),
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
export const ChatSentResponseSchema = okResponse({ message: MessageSummarySchema.extend({ text: z.string() }) });

// ---- Messages ----

export const MessagesPageResponseSchema = okResponse({
  messages: z.array(MessageSummarySchema),
  /** Pass as `?cursor=` for the next (older) page; null on the last. */
  next_cursor: z.string().nullable(),
});
export const MessageResponseSchema = okResponse({ message: MessageSchema });
/** How many of the named messages were changed (another alias's ids count for nothing). */
export const CountResponseSchema = okResponse({ count: z.int().nonnegative() });

/** GET /api/admin/dns-records and GET /api/account/{id}/domains/{domainId}/dns-records. */
export const DnsRecordsResponseSchema = okResponse({ records: z.array(DnsRecordSchema) });
