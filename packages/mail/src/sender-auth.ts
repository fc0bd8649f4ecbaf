// Sender authentication of inbound mail (docs/security.md A1–A8): SPF, DKIM, DMARC and ARC with
// mailauth, through a cached resolver with a per-lookup time-out and an overall time budget, so a
// silent DNS server can never hold an SMTP session (docs/security.md D9).
import { Resolver } from 'node:dns/promises';
import { AUTH_WORDS, type AuthVerdict, type AuthWord, type SenderStatus } from '@app/shared';
import { authenticate, type DNSResolver } from 'mailauth';
import { anySenderMatches, type Restriction } from './restrict';

export interface AuthInput {
  raw: Buffer;
  /** The TCP peer, or the PROXY-protocol address from a trusted proxy (A1). */
  ip: string;
  helo: string | null;
  /** The envelope MAIL FROM ('' for the null sender). */
  mailFrom: string;
  /** Our own host name, for the Authentication-Results text mailauth builds (not stored). */
  mta: string;
}

export interface AuthResolverOptions {
  /** DNS_SERVERS; the system resolver when empty. */
  servers: readonly string[];
}

/** Per lookup; SPF may chain up to 10 of them, the overall budget below caps the total. */
export const LOOKUP_TIMEOUT_MS = 2500;
/** Everything of one message; well inside the 10 s an SMTP client is promised an answer in. */
export const AUTH_BUDGET_MS = 7000;
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX_ENTRIES = 20_000;
/** Answers that say "no such record": cached like answers; anything else (time-outs) is not. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

type Cached = { at: number; value: Promise<unknown> };

/**
 * Special-use names (RFC 2606, RFC 6761) never exist in the public DNS: without DNS_SERVERS they
 * are answered "no such domain" here instead of leaking to the system resolver.
 */
const RESERVED = /(^|\.)(test|example|invalid|localhost)\.?$/i;
const notFound = () => Promise.reject(Object.assign(new Error('reserved name'), { code: 'ENOTFOUND' }));

/**
 * A mailauth resolver on DNS_SERVERS with a cache shared by all sessions of the process: answers
 * and "no such record" are kept for 5 minutes, lookups in flight are shared, failures are not
 * kept (the next message asks again). A lookup that times out rejects with ETIMEOUT, which
 * mailauth turns into `temperror`.
 */
export function createAuthResolver(opts: AuthResolverOptions): DNSResolver {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 1 });
  if (opts.servers.length) resolver.setServers([...opts.servers]);
  const cache = new Map<string, Cached>();
  return (name: string, rrtype: string) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value as Promise<string[][] | string[]>;
    // A reserved name's "no such domain" is cached like any other: building the error per lookup
    // (a stack trace each) was a measurable share of the mx's CPU per message.
    const value =
      !opts.servers.length && RESERVED.test(name)
        ? notFound()
        : (resolver.resolve as (n: string, t: string) => Promise<unknown>)(name, rrtype);
    if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: Date.now(), value });
    value.catch((err: { code?: string }) => {
      if (!ABSENT.has(err.code ?? '') && cache.get(key)?.value === value) cache.delete(key);
    });
    return value as Promise<string[][] | string[]>;
  };
}

const word = (v: unknown): AuthWord => {
  const w = v === 'temperr' ? 'temperror' : v;
  return (AUTH_WORDS as readonly unknown[]).includes(w) ? (w as AuthWord) : 'none';
};

/** `child` is `parent` or one of its subdomains (A2 c: d= equals or is a parent of the From domain). */
const alignsWith = (child: string, parent: string) => child === parent || child.endsWith(`.${parent}`);

/** The most telling DKIM word over all signatures: a pass wins, then a temperror, then a fail. */
function dkimWord(results: Array<{ status: { result: string } }>): AuthWord {
  const words = results.map((r) => word(r.status.result));
  for (const w of ['pass', 'temperror', 'fail', 'permerror', 'neutral'] as const) if (words.includes(w)) return w;
  return 'none';
}

const ALL_TEMPERROR = { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', arc: 'temperror' } as const;

/**
 * Authenticates one message (A1): `ip` the client, `helo` the session's EHLO, `sender` the
 * envelope MAIL FROM, never trusting Received or Authentication-Results headers in the message
 * (A3). Resolves within AUTH_BUDGET_MS whatever DNS does: past it, everything is `temperror`.
 */
export async function authenticateMessage(input: AuthInput, resolver: DNSResolver): Promise<AuthVerdict> {
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), AUTH_BUDGET_MS);
  });
  const work = authenticate(signedPart(input.raw), {
    ip: input.ip,
    helo: input.helo ?? undefined,
    sender: input.mailFrom,
    mta: input.mta,
    trustReceived: false,
    resolver,
    disableBimi: true,
  });
  // mailauth throws on some malformed input: that message cannot be authenticated (a failure, not a 4xx).
  const result = await Promise.race([work.catch(() => 'error' as const), outOfTime]).finally(() => clearTimeout(timer));
  if (result === null) return { ...ALL_TEMPERROR, from: null, policy: null, sender: 'temporary' };
  if (result === 'error')
    return { spf: 'none', dkim: 'none', dmarc: 'none', arc: 'none', from: null, policy: null, sender: 'failed' };

  const from = singleFrom(input.raw, result.dkim.headerFrom, result.dkim.fromFields);
  const fromDomain = from ? from.slice(from.lastIndexOf('@') + 1) : null;
  const spf = result.spf ? word(result.spf.status.result) : 'none';
  const dkimResults = result.dkim.results ?? [];
  const dmarc = result.dmarc ? word(result.dmarc.status.result) : 'none';
  const policy = result.dmarc && result.dmarc.p ? result.dmarc.p : null;
  const verdict = {
    spf,
    dkim: dkimWord(dkimResults),
    dmarc,
    arc: result.arc ? word(result.arc.status.result) : 'none',
    from,
    policy,
    signers: [
      ...new Set(
        dkimResults.flatMap((r) => (r.status.result === 'pass' && r.signingDomain ? [r.signingDomain.toLowerCase()] : [])),
      ),
    ],
  };
  if (!fromDomain) return { ...verdict, sender: 'failed' };

  const spfDomain = result.spf && result.spf.domain ? result.spf.domain.toLowerCase() : '';
  const alignedDkim = dkimResults.some(
    (r) => r.status.result === 'pass' && !!r.signingDomain && alignsWith(fromDomain, r.signingDomain.toLowerCase()),
  );
  const alignedSpf = spf === 'pass' && !!spfDomain && alignsWith(fromDomain, spfDomain);
  const words = [verdict.spf, verdict.dkim, verdict.dmarc];
  let sender: SenderStatus;
  if (dmarc === 'pass') sender = 'authenticated';
  else if (dmarc === 'fail') sender = 'failed';
  else if (dmarc === 'none' && (alignedDkim || alignedSpf)) sender = 'authenticated';
  else if (words.includes('temperror')) sender = 'temporary';
  else if (words.every((w) => w === 'none')) sender = 'unverified';
  else sender = 'failed';
  return { ...verdict, sender };
}

/** A DKIM or ARC signature field in the header block: only then does mailauth need the body. */
const SIGNATURE_FIELD = /(?:^|\r\n)(?:dkim-signature|arc-seal|arc-message-signature)[ \t]*:/i;

/**
 * What mailauth has to read: the whole message when its header block carries a signature (the
 * body hash is part of it), else the header block alone. Without signatures the verdict is the
 * same either way (DKIM and ARC `none`, SPF from the envelope, DMARC from From and those), and
 * skipping mailauth's pass over the body saves a large share of the mx's CPU per message.
 */
function signedPart(raw: Buffer): Buffer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return raw;
  return SIGNATURE_FIELD.test(raw.subarray(0, end).toString('latin1')) ? raw : raw.subarray(0, end + 4);
}

/**
 * The sender address for approval (A4): exactly one From field holding exactly one mailbox, as
 * mailauth parsed it (the same parse DMARC used, A2 a), and neither an encoded-word nor a route in
 * its addr-spec; else null.
 */
function singleFrom(raw: Buffer, headerFrom: string[] | undefined, fromFields: number | undefined): string | null {
  if (fromFields !== 1 || !headerFrom || headerFrom.length !== 1) return null;
  const address = headerFrom[0]!.trim().toLowerCase();
  if (!/^[^@\s<>]+@[a-z0-9.-]+$/.test(address)) return null;
  const field = fromField(raw);
  if (field === null) return null;
  const addrSpec = (/<([^>]*)>/.exec(field)?.[1] ?? field).trim();
  // An encoded-word (`=?utf-8?q?…?=`) or an obsolete route (`<@relay:user@domain>`).
  if (addrSpec.includes('=?') || addrSpec.startsWith('@')) return null;
  return address;
}

/** The unfolded value of the From field of the header block (the caller knows there is one). */
function fromField(raw: Buffer): string | null {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw
    .subarray(0, end < 0 ? raw.length : end)
    .toString('latin1')
    .replace(/\r\n[ \t]/g, ' ');
  const line = head.split('\r\n').find((l) => /^from\s*:/i.test(l));
  return line ? line.slice(line.indexOf(':') + 1) : null;
}

/**
 * Why a restricted alias refuses a message: its From is not an approved sender, or it is but
 * could not be authenticated (a definite failure), or authentication failed for now (A6).
 */
export type Refusal = 'not approved' | 'not authenticated' | 'temporary';
export type Admission = { admit: true; unverified: boolean } | { admit: false; refusal: Refusal };

/**
 * Whether a restricted alias admits the message: its From address must match an approved sender
 * or the source's senders (A2 b), AND be authenticated (A2 c), or come from a domain that
 * publishes nothing to check (A2 d, admitted but marked unverified). An open alias admits all.
 */
export function admits(r: Restriction, v: AuthVerdict): Admission {
  if (!r.isWhitelisted) return { admit: true, unverified: v.sender === 'unverified' };
  if (!v.from || !(anySenderMatches(r.senders, v.from) || anySenderMatches(r.sourceSenders, v.from))) {
    return { admit: false, refusal: 'not approved' };
  }
  if (v.sender === 'authenticated') return { admit: true, unverified: false };
  if (v.sender === 'unverified') return { admit: true, unverified: true };
  return { admit: false, refusal: v.sender === 'temporary' ? 'temporary' : 'not authenticated' };
}

// The reader-facing notes live apart from mailauth, so the worker does not load it (docs/performance.md §5).
export { AUTH_WARNINGS, authWarnings } from './verdict';
