// Alias management (docs/product.md §2 alias screens, §4, §5, §6, §7): who may change what (the icon set is
// in alias-icons.ts), the exact refusal messages, and the wire shapes of the notes, log, statistics, check,
// generate and chat calls. Used by the api (enforcement) and the SPA (what to offer).
import { z } from 'zod';
import { ADMIN_ACCOUNT_ID, VIP_PACKAGE_ID } from './constants';
import { NOTE_MAX_LENGTH } from './limits';

const Id = z.int().positive();
const Count = z.int().nonnegative();

/** docs/product.md §6: the address handle and domain are customisable by the admin, VIP or address_customization. */
export function canCustomizeAddress(
  accountId: number,
  pkg: { id: number; features: { address_customization: boolean } } | null | undefined,
): boolean {
  return accountId === ADMIN_ACCOUNT_ID || pkg?.id === VIP_PACKAGE_ID || pkg?.features.address_customization === true;
}

/** The refusals of an mbox import that bound its cost (docs/security.md W22). */
export const IMPORT_MESSAGES = {
  running: 'An import into your account is already running. Try again when it has finished.',
  lineTooLong: (maxBytes: number) =>
    `This is not an mbox file: it has a line longer than the largest message accepted (${maxBytes} bytes).`,
} as const;

/** Organisations one alias may list as fine for its leak warning. */
export const LEAK_IGNORED_MAX = 50;

/** The refusals of the alias calls, word for word (the SPA shows `msg` as a danger flash). */
export const ALIAS_MESSAGES = {
  tooManyLeakIgnored: `An alias keeps at most ${LEAK_IGNORED_MAX} organisations whose mail is fine; mark it shared with several senders instead.`,
  nothingToChange: 'Nothing to change.',
  notEditable: 'This alias can not be changed while it is inactive or in the trash.',
  addressNotAllowed: 'Your subscription does not allow choosing the address.',
  addressTaken: 'This address is already taken.',
  domainNotAllowed: 'This domain is not available.',
  sourceNotAllowed: 'This service is not available.',
  lifespanNotAllowed: 'This lifespan is not allowed by your subscription limits.',
  iconNotAllowed: 'This icon is not available.',
  notChat: 'This alias is not a chat alias.',
  noCorrespondent: 'There is nobody to reply to yet.',
  emptyChat: 'The message is empty.',
  noFreeHandle: 'Could not find a free address. Please try again.',
} as const;

/** The refusal at the package's address_count. */
export function aliasLimitMessage(limit: number): string {
  return `You have reached the limit of ${limit} ${limit === 1 ? 'alias' : 'aliases'} of your subscription.`;
}

/** 'The sender {rule message}.' for an allowed sender that is neither an address nor a domain. */
export function senderInvalidMessage(ruleMessage: string): string {
  return `The sender ${ruleMessage}.`;
}

/** The largest lifespan a new alias gets: the package's storage_days as an option, or Forever. */
export function defaultLifespan(storageDays: number | null): number | null {
  if (storageDays === null) return null;
  const options = [180, 60, 14, 7];
  return options.find((d) => d <= storageDays) ?? 7;
}

// ---- Wire shapes ----

/** `PUT /api/account/{id}/check/alias`: the handle is validated by the route for its exact message. */
export const AliasCheckBodySchema = z.object({
  handle: z.string().max(1000),
  domain_id: Id.optional(),
});
export type AliasCheckBody = z.infer<typeof AliasCheckBodySchema>;

/** `PUT /api/account/{id}/generate/alias`. */
export const AliasGenerateBodySchema = z.object({
  domain_id: Id.optional(),
});
export type AliasGenerateBody = z.infer<typeof AliasGenerateBodySchema>;

/** `PUT .../alias/{aliasId}/notes`. */
export const NoteUpdateBodySchema = z.object({
  value: z.string().max(NOTE_MAX_LENGTH),
});
export type NoteUpdateBody = z.infer<typeof NoteUpdateBodySchema>;

/** One alias log entry: API changes (user_id set) and SMTP events (user_id null, detail the reason). */
export const AliasLogEntrySchema = z.object({
  id: Id,
  created: z.string(),
  user_id: Id.nullable(),
  method: z.string(),
  endpoint: z.string(),
  status: z.int(),
  detail: z.string().nullable(),
});
export type AliasLogEntry = z.infer<typeof AliasLogEntrySchema>;

export const STATISTICS_DAYS = 30;
export const TOP_SENDERS = 5;

/** `GET .../alias/{aliasId}/statistics`: the last 30 days (UTC dates, oldest first). */
export const AliasStatisticsSchema = z.object({
  days: z.array(z.object({ date: z.string(), received: Count, refused: Count })),
  top_senders: z.array(z.object({ address: z.string(), count: Count })),
  totals: z.object({ received: Count, refused: Count }),
});
export type AliasStatistics = z.infer<typeof AliasStatisticsSchema>;

/** Whether the statistics have anything to draw (else 'No statistics to show.'). */
export function statisticsEmpty(s: AliasStatistics | null | undefined): boolean {
  return !s || (s.totals.received === 0 && s.totals.refused === 0);
}

/** One line of a chat alias's conversation (`GET .../alias/{aliasId}/chat`), oldest first. */
export const ChatEntrySchema = z.object({
  id: Id,
  direction: z.enum(['in', 'out']),
  sender_label: z.string(),
  sender_address: z.string(),
  subject: z.string(),
  /** The plain-text body; null for a message with only HTML (open it in the inbox). */
  text: z.string().nullable(),
  html: z.boolean(),
  sent: z.string(),
  opened: z.string().nullable(),
});
export type ChatEntry = z.infer<typeof ChatEntrySchema>;

/** How many messages the conversation view shows. */
export const CHAT_HISTORY = 50;
