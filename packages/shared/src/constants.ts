import { formatDays } from './limits';

// Timings of docs/product.md §9, in milliseconds unless named otherwise.
export const FLASH_DISMISS_MS = 5000;
export const COOKIE_NOTICE_DAYS = 365;
export const NOTES_DEBOUNCE_MS = 1000;
export const AUTH_POLL_MS = 120_000;
export const SESSION_TTL_MS = 15 * 60 * 1000;
export const SIDEBAR_POLL_MS = 60_000;
export const FRAME_MEASURE_MS = 500;
export const COPY_RESET_MS = 1200;
export const REQUEST_TIMEOUT_MS = 120_000;

/** The product's name, in its own mail. */
export const PRODUCT_NAME = 'Alias Mail';
/** The address the product's own mail comes from, on the shared domain. */
export const systemFrom = (mailDomain: string): string => `"${PRODUCT_NAME}" <no-reply@${mailDomain}>`;

// Fixed ids and defaults.
export const ADMIN_ACCOUNT_ID = 1;
export const FREE_PACKAGE_ID = 1;
export const VIP_PACKAGE_ID = 2;
export const DEFAULT_DOMAIN_ID = 1;

/** The admin's first-run checklist, in the order it is shown (docs/product.md §4 "First run"). */
export const FIRST_RUN_STEPS = ['password', 'two_factor', 'public_address', 'alias', 'test_mail'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];
/** The digest maximum assumed when no package is known. */
export const DEFAULT_DIGEST_MAX = 'M';
/** The storage_days limit assumed when no package is known. */
export const DEFAULT_STORAGE_DAYS = 7;
export const MESSAGES_PAGE_SIZE = 50;
/** Trashed messages stay restorable this long, unless their storage time ends first. */
export const TRASH_KEEP_DAYS = 30;

/** Flash texts of docs/product.md §4, §5 and §8. */
export const FLASH = {
  problem: 'There was a problem!',
  duplicateSender: 'Duplicate sender!',
  upgradeOk: 'Upgrade was successful!',
  upgradeCancelled: 'Upgrade was cancelled.',
  emailSent: 'Email was sent successfully!',
  cannotChangeEmail: 'Cannot change your email yet!',
  needPasswordForPassword: 'You must enter your current password to create a new one.',
  needPasswordForUsername: 'You must enter your current password to change your username.',
  needPasswordForEmail: 'You must enter your current password to update your email.',
  /** A setting saved without a message of the server's own (no silent saves). */
  saved: 'Saved.',
} as const;

/** Empty-state texts of docs/product.md §2 and §8. */
export const EMPTY = {
  noMessages: 'No Messages',
  noRecent: 'No recent messages.',
  noAliases: 'No aliases yet. Add Alias makes an address to give a shop, a newsletter or a sign-up form; its mail arrives here.',
  noActivity: 'No recent activity.',
  noServices: 'Could not find any matching services!',
  noStatistics: 'No statistics to show.',
} as const;

/** 'The address {rule message}.' for an invalid alias handle. */
export function addressInvalidFlash(ruleMessage: string): string {
  return `The address ${ruleMessage}.`;
}

const PROFILE_SUBJECTS = {
  password: 'Your password',
  username: 'The username',
  email: 'Your main email',
} as const;

/** 'Your password …', 'The username …', 'Your main email …' followed by the rule message. */
export function profileFlash(field: keyof typeof PROFILE_SUBJECTS, ruleMessage: string): string {
  return `${PROFILE_SUBJECTS[field]} ${ruleMessage}.`;
}

/** The danger text of a failed test e-mail (docs/product.md §8). An empty message counts as none. */
export function testEmailErrorFlash(errorMessage?: string | null, related?: readonly string[] | null): string {
  return `Error!! ${errorMessage || 'Unknown error.'} (${(related ?? []).join(', ')})`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A size given in MB: MB below 1000, GB below a million, else TB (decimal units, at most two
 * decimals). The unit is chosen after rounding, so 999.999 MB reads '1 GB', not '1000 MB'.
 */
export function formatBytes(mb: number): string {
  if (round2(mb) < 1000) return `${round2(mb)} MB`;
  if (round2(mb / 1000) < 1000) return `${round2(mb / 1000)} GB`;
  return `${round2(mb / 1_000_000)} TB`;
}

/** An alias lifespan in days, or 'forever' for null. */
export function formatLifespan(days: number | null): string {
  return days === null ? 'forever' : formatDays(days);
}

/** "Confirm it's you" before a credential change (docs/security.md W17): the API's and the SPA's words. */
export const REAUTH_MSG = {
  required: 'Please confirm it’s you: enter your password (and your authentication code) to continue.',
  passkeyNeeded: 'Please confirm it’s you with your passkey to continue.',
  confirmed: 'Thank you. You can continue for a few minutes without confirming again.',
  needPasswordOrPasskey: 'Enter your password, or use your passkey.',
  needCode: 'Enter the code from your authenticator app too.',
  apiToken: 'API tokens cannot change account security. Sign in instead.',
} as const;

// Replies: plain constants, so the screens that send one keep zod out of the first load.
/** docs/product.md §3 "Reply": the longest reply text accepted. */
export const REPLY_MAX_LENGTH = 100_000;

export const REPLY_MESSAGES = {
  empty: 'The reply is empty.',
  tooLong: `The reply is too long (at most ${REPLY_MAX_LENGTH} characters).`,
  notReceived: 'Only a received message can be answered.',
  noAddress: 'This message has no sender address to reply to.',
  sent: 'Reply sent.',
  held: 'Queued — this server has no outbound relay, so the mail waits in its outbox; ask the admin.',
  unverifiedSender:
    'The sender of this message was not verified (it failed authentication or was imported), so the address may be forged. Send anyway?',
} as const;

// Search: what the search box shows and checks before the first request, without zod.
/** Longest search query accepted (docs/product.md §7 Search). */
export const SEARCH_QUERY_MAX = 200;

/** The operators the search box's help lists (docs/product.md §7 Search). */
export const SEARCH_OPERATOR_HELP: ReadonlyArray<{ example: string; meaning: string }> = [
  { example: 'word pref', meaning: 'every word; the last one may be the start of a word' },
  { example: '"exact phrase"', meaning: 'these words in this order' },
  { example: 'from:ada', meaning: "sender's address or name has it, from the start of a word" },
  { example: 'to:shop', meaning: 'the address the mail came to has it' },
  { example: 'subject:invoice', meaning: 'the subject has it (quote to include spaces)' },
  { example: 'has:attachment', meaning: 'with attachments' },
  { example: 'is:unread  is:read', meaning: 'not opened yet, or opened' },
  { example: 'is:spam', meaning: 'marked as likely spam' },
  { example: 'after:2026-01-31  before:7d', meaning: 'dated on or after the day (UTC); dated before an age' },
  { example: 'larger:2M  smaller:500k', meaning: 'size of the message' },
  { example: '-word  -from:shop', meaning: 'leave out what matches' },
];
