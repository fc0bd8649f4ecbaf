import { z } from 'zod';

/** The rule messages of docs/product.md §5, shown after a subject ("The address …", "Your password …"). */
export const RULE_MESSAGES = {
  accountHandle: 'must be between 4-64 characters long, and may only contain letters (a-z), numbers (0-9), and underscores (_)',
  accountPassword: 'must be between 8-64 characters long, and may not contain spaces ( )',
  aliasHandle:
    'must be between 4-64 characters long, start with a letter, number or underscore, and may only contain letters (a-z), numbers (0-9), periods (.), hyphens (-) and underscores (_)',
  email: 'must be a valid email address',
  senderDomain: 'must be a valid domain',
  senderEmail: 'must be a valid email address',
} as const;

export const ACCOUNT_HANDLE_PATTERN = /^[A-Za-z0-9_]{4,64}$/;
// \S excludes every kind of whitespace (tabs, newlines, no-break spaces), not only ' '.
export const ACCOUNT_PASSWORD_PATTERN = /^\S{8,64}$/;
export const ALIAS_HANDLE_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{3,63}$/;
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,63}$/;

// One DNS label: 1-63 characters, letters/digits/hyphens, no hyphen at either end (RFC 1123).
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
export const SENDER_DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);
// Local part: dot-atoms without the specials of RFC 5322, or a quoted string.
// Domain: a dotted hostname, or a bracketed IPv4 literal such as [192.168.0.1].
export const SENDER_EMAIL_PATTERN = new RegExp(
  '^(?:[^<>()\\[\\]\\\\.,;:\\s@"]+(?:\\.[^<>()\\[\\]\\\\.,;:\\s@"]+)*|"[^"\\\\\\r\\n]+")' +
    `@(?:\\[${OCTET}(?:\\.${OCTET}){3}\\]|(?:${LABEL}\\.)+[A-Za-z]{2,63})$`,
);

/**
 * A string schema whose every failure (including a non-string) reports `message`. The length
 * check aborts first so the pattern never runs on oversized input.
 */
function ruleSchema(pattern: RegExp, message: string, maxLength: number) {
  return z.string({ error: message }).max(maxLength, { error: message, abort: true }).regex(pattern, { error: message });
}

/** A row id in a path or query: a non-numeric one is refused (400) before any lookup. */
export const Id = z.coerce.number().int().positive();

export const AccountHandleSchema = ruleSchema(ACCOUNT_HANDLE_PATTERN, RULE_MESSAGES.accountHandle, 64);
export const AccountPasswordSchema = ruleSchema(ACCOUNT_PASSWORD_PATTERN, RULE_MESSAGES.accountPassword, 64);
export const AliasHandleSchema = ruleSchema(ALIAS_HANDLE_PATTERN, RULE_MESSAGES.aliasHandle, 64);
// 254 is the longest usable address (RFC 5321 path limit); 253 the longest domain name.
export const EmailSchema = ruleSchema(EMAIL_PATTERN, RULE_MESSAGES.email, 254);
export const SenderDomainSchema = ruleSchema(SENDER_DOMAIN_PATTERN, RULE_MESSAGES.senderDomain, 253);
export const SenderEmailSchema = ruleSchema(SENDER_EMAIL_PATTERN, RULE_MESSAGES.senderEmail, 254);

/**
 * The one address normaliser: trims, strips surrounding `<>` and lowercases everything.
 * Aliases are case-insensitive in this product, so the local part is lowercased too.
 */
export function normalizeAddress(addr: string): string {
  let s = addr.trim();
  if (s.startsWith('<') && s.endsWith('>')) s = s.slice(1, -1).trim();
  return s.toLowerCase();
}

/** Splits a normalised address at its last `@`; null when either side is empty. */
export function splitAddress(addr: string): { local: string; domain: string } | null {
  const s = normalizeAddress(addr);
  const at = s.lastIndexOf('@');
  if (at <= 0 || at === s.length - 1) return null;
  return { local: s.slice(0, at), domain: s.slice(at + 1) };
}

const WILDCARD = '*.';

/** Strips the ways a user may write a domain entry: `*.example.com`, `@example.com`. */
function bareDomain(input: string): string {
  let s = input.trim().toLowerCase();
  if (s.startsWith(WILDCARD)) s = s.slice(WILDCARD.length);
  else if (s.startsWith('@')) s = s.slice(1);
  return s;
}

/**
 * The stored form of an allowed sender: an address is stored normalised; a domain is stored as
 * `*.domain`, which covers the domain itself and all its subdomains. Does not validate.
 */
export function senderToPattern(input: string): string {
  const s = input.trim();
  if (s.includes('@') && !s.startsWith('@')) return normalizeAddress(s);
  return WILDCARD + bareDomain(s);
}

/** Whether `address` is admitted by one stored sender pattern. */
export function senderMatches(pattern: string, address: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p.startsWith(WILDCARD)) {
    const domain = p.slice(WILDCARD.length);
    const parts = splitAddress(address);
    if (!domain || !parts) return false;
    return parts.domain === domain || parts.domain.endsWith('.' + domain);
  }
  const a = normalizeAddress(address);
  return a !== '' && normalizeAddress(p) === a;
}

/** Validates a sender typed by the user and returns its stored pattern, or the rule message. */
export function classifySender(input: string): { kind: 'domain' | 'email'; pattern: string } | { error: string } {
  const s = input.trim();
  if (s.includes('@') && !s.startsWith('@')) {
    const r = SenderEmailSchema.safeParse(normalizeAddress(s));
    return r.success ? { kind: 'email', pattern: r.data } : { error: RULE_MESSAGES.senderEmail };
  }
  const r = SenderDomainSchema.safeParse(bareDomain(s));
  return r.success ? { kind: 'domain', pattern: WILDCARD + r.data } : { error: RULE_MESSAGES.senderDomain };
}

/** What "Extend" adds to an expired alias's date (docs/product.md §3 Alias, expires). */
export const ALIAS_EXTEND_DAYS = 30;

/**
 * Whether an alias no longer takes mail (docs/product.md §3 Alias, expired): its date has passed,
 * or it received `maxMessages` messages since that limit was set (`limitCount`).
 */
export function aliasExpired(a: { expiresAt: Date | null; maxMessages: number | null; limitCount: number }, now: Date): boolean {
  return (
    (a.expiresAt !== null && a.expiresAt.getTime() <= now.getTime()) || (a.maxMessages !== null && a.limitCount >= a.maxMessages)
  );
}
