// Accounts and access: invitations, registration, password reset, profile, admin tools.
// The texts both the API and the SPA show, and the wire shapes they agree on.
import { z } from 'zod';
import { FlagSchema, SenderInputSchema } from './api';
import { FIRST_RUN_STEPS } from './constants';

/** Days an invitation code stays valid; hours a reset code does (docs/architecture.md §4). */
export const INVITATION_TTL_DAYS = 14;
export const RESET_TTL_HOURS = 1;
/** Password-reset requests allowed per minute, per address and per IP; the 6th is refused. */
export const RESET_LIMIT_PER_MINUTE = 5;

/** A refused sign-in says exactly how long to wait (docs/security.md W19). */
export const signInWaitMessage = (seconds: number) =>
  `Too many sign-in attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

/** Messages of the access flows that docs/product.md leaves open; one place so API and SPA agree. */
export const ACCESS_MSG = {
  invalidInvitation: 'This invitation link is not valid: it was already used, cleared, or it has expired.',
  invitationForMember: 'An account already uses the e-mail address of this invitation. Please sign in instead.',
  invalidReset: 'This password reset link is not valid: it was already used, or it has expired.',
  resetRequested: 'If an account uses that e-mail address, a link to reset its password is on its way.',
  passwordReset: 'Your password was changed.',
  alreadyRegistered: 'Your account is already registered.',
  handleTaken: 'That username is already taken. Please choose another.',
  registered: 'Welcome! Your account is ready.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  invitationSent: 'Invitation sent!',
  invitationResent: 'Invitation sent again!',
  invitationLinkOnly: 'Invitation created. No mail relay is configured, so give the person this link yourself.',
  invitationCleared: 'Invitation cleared.',
  invitationClaimed: 'That invitation was already claimed.',
  emailInUse: 'An account already uses that e-mail address.',
  cannotInvite: 'You cannot send invites yet.',
  nameSaved: 'Your name was updated.',
  usernameSaved: 'Your username was updated.',
  passwordSaved: 'Your password was updated. Your other sessions were signed out and your API tokens revoked.',
  mobileSaved: 'Your phone number was updated.',
  sitePrefixOn: 'New aliases made for a site now start with its name.',
  sitePrefixOff: 'New aliases made for a site now get a random address.',
  nothingToSave: 'Nothing to save.',
  sourceSaved: 'Source saved.',
  sourceDeleted: 'Source deleted.',
  sourceHandleTaken: 'Another source already uses that handle.',
  userApproved: 'Account approved.',
  userSuspended: 'Account suspended; its sessions were signed out.',
  userUnsuspended: 'Account unsuspended.',
  cannotSuspendAdmin: 'The admin account cannot be suspended.',
  noRelay: 'No mail relay is configured (SMTP_RELAY_URL); the mail was kept in the outbox.',
} as const;

/** Messages of the second factor (docs/product.md §4, §5). */
export const TOTP_MSG = {
  wrongCode: 'That authentication code is not valid. Codes work once; wait for the next one if you just used it.',
  alreadyOn: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  notStarted: 'Start the set-up of two-factor authentication first.',
  enabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor authentication is off.',
  notOn: 'Two-factor authentication is not on.',
  needCodeOrPassword: 'Enter a current authentication code or your password.',
  resetSignIn: 'Your password was changed. Sign in with it and your authentication code.',
} as const;

/** Contact shown to non-admins on the Invitations screen (docs/product.md §2). */
export const INVITES_CONTACT = 'Write to the admin of this service if you would like to invite someone.';

/** Profile messages that docs/product.md §5 does not spell out (name and phone have no rule there). */
export const PROFILE_MSG = {
  name: 'Your name must be between 1-255 characters long.',
  mobile: 'Your phone number must be 4-32 characters long, and may only contain digits, spaces and + - ( ) .',
} as const;

export const MOBILE_PATTERN = /^\+?[0-9 ()./-]{4,32}$/;

/** Handles of sources: a URL-safe slug. */
export const SOURCE_HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const SOURCE_HANDLE_MESSAGE =
  'must be 1-63 characters long, and may only contain lower-case letters (a-z), numbers (0-9) and hyphens (-)';

/** A label turned into a source handle (GitHub → github, "My Shop!" → my-shop). */
export function slugify(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

// ---- Request bodies ----

/** PUT /api/register: loose on the wire so the server can answer each rule with its flash. */
export const RegisterWireSchema = z.object({ handle: z.string().max(1000), password: z.string().max(1000) });

/** PUT /api/reset/{code}: same, the server checks the password rule itself. */
export const ResetWireSchema = z.object({ new_password: z.string().max(1000) });

/** POST /api/account/{id}: the changed fields; each rule is checked by the server with its flash. */
export const ProfileWireSchema = z.object({
  name: z.string().max(1000).optional(),
  handle: z.string().max(1000).optional(),
  password: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
  mobile: z.string().max(1000).nullable().optional(),
  site_handle_prefix: z.boolean().optional(),
  old_password: z.string().max(1000).optional(),
  /** With a stale session, a password or e-mail change adds a current code when TOTP is on (docs/security.md W17). */
  current_otp: z.string().max(64).optional(),
  /** A password change ends the account's API tokens except these (docs/security.md W18). */
  keep_tokens: z.array(z.int().positive()).max(50).optional(),
});
export type ProfileWire = z.infer<typeof ProfileWireSchema>;

export const SourceBodySchema = z.object({
  label: z.string().trim().min(1, { error: 'The label must not be empty.' }).max(100),
  handle: z
    .string()
    .trim()
    .toLowerCase()
    .regex(SOURCE_HANDLE_PATTERN, { error: `The handle ${SOURCE_HANDLE_MESSAGE}.` })
    .optional(),
  is_public: FlagSchema.optional(),
  senders: z.array(SenderInputSchema).max(500).optional(),
  icon: z.string().trim().max(255).nullable().optional(),
  color: z.string().trim().max(32).nullable().optional(),
  url: z.string().trim().max(2000).nullable().optional(),
  rules: z.string().max(10_000).nullable().optional(),
});
export type SourceBodyInput = z.input<typeof SourceBodySchema>;
export type SourceBody = z.output<typeof SourceBodySchema>;
/** PUT /api/admin/sources/{id}: the fields to change. */
export const SourceUpdateBodySchema = SourceBodySchema.partial();

/** POST /api/test: `email` asks for the test e-mail (docs/product.md §7 "email flag"). */
export const TestEmailBodySchema = z.object({ email: FlagSchema.optional() }).optional();

// ---- Responses ----

export const TestEmailResultSchema = z.object({
  Messages: z.array(
    z.object({
      Status: z.enum(['success', 'kept', 'error']),
      To: z.array(z.object({ Email: z.string(), MessageID: z.string().nullable() })),
    }),
  ),
  ErrorMessage: z.string().nullable(),
  ErrorRelatedTo: z.array(z.string()),
});
export type TestEmailResult = z.infer<typeof TestEmailResultSchema>;

export const AdminUserSchema = z.object({
  id: z.int().positive(),
  handle: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  approved: z.string().nullable(),
  registered: z.string().nullable(),
  suspended: z.string().nullable(),
  created: z.string(),
  package_id: z.int().nullable(),
  is_admin: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const FailedInboundSchema = z.object({
  id: z.int().positive(),
  received: z.string(),
  size: z.int().nonnegative(),
  attempts: z.int().nonnegative(),
  error: z.string().nullable(),
});
export type FailedInbound = z.infer<typeof FailedInboundSchema>;

/** `kept`: no relay is configured, so the mail stays in the outbox (docs/operations.md). */
export const OUTBOX_STATES = ['queued', 'sent', 'kept', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OutboundSchema = z.object({
  id: z.int().positive(),
  kind: z.string(),
  to: z.string(),
  state: z.enum(OUTBOX_STATES),
  created: z.string(),
  sent: z.string().nullable(),
  attempts: z.int().nonnegative(),
  error: z.string().nullable(),
});
export type Outbound = z.infer<typeof OutboundSchema>;

/** Mail the mx refused for a known alias: when, which alias, at RCPT or DATA, the reply code and its reason. */
export const SmtpRefusalSchema = z.object({
  id: z.int().positive(),
  alias_id: z.int().positive(),
  stage: z.string(),
  code: z.int(),
  reason: z.string().nullable(),
  created: z.string(),
});
export type SmtpRefusal = z.infer<typeof SmtpRefusalSchema>;

export const AdminLogsSchema = z.object({
  inbound: z.array(FailedInboundSchema),
  /** Recent outbound mail of every state, newest first. */
  outbound: z.array(OutboundSchema),
  outbound_counts: z.record(z.enum(OUTBOX_STATES), z.int().nonnegative()),
  /** Whether SMTP_RELAY_URL is set: without it nothing leaves this server. */
  relay: z.boolean(),
  refused: z.array(SmtpRefusalSchema),
});
export type AdminLogs = z.infer<typeof AdminLogsSchema>;

/** The admin's first-run checklist: each step is done from the server's real state, not from a click. */
export const FirstRunSchema = z.object({
  steps: z.record(z.enum(FIRST_RUN_STEPS), z.boolean()),
  /** The admin put the checklist away; it stays away even with steps left. */
  dismissed: z.boolean(),
});
export type FirstRun = z.infer<typeof FirstRunSchema>;

/** One DNS record the operator publishes for a served domain. */
export const DnsRecordSchema = z.object({
  type: z.enum(['TXT', 'MX']),
  name: z.string(),
  value: z.string(),
  /** With `?check=1`: whether the resolver finds it (or an equivalent record) in effect. */
  published: z.boolean().optional(),
  /** With `?check=1`, when not published: what is wrong, in words. */
  problem: z.string().optional(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const DnsRecordsQuerySchema = z.object({ check: z.stringbool().optional() });
