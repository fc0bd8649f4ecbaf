// Rspamd's HTTP API (docs/spam.md): /checkv2 on the normal worker for a score, /learnspam and
// /learnham on the controller for the per-account Bayes. Node's fetch only; no other dependency,
// so the mx can import this file alone.
import type { AuthVerdict } from '@app/shared';

/** Rspamd's symbols, as the message keeps them (sealed): name → score and options. */
export type SpamSymbols = Record<string, { score: number; options?: string[] }>;

export interface SpamScore {
  score: number;
  symbols: SpamSymbols;
}

export interface SpamRequest {
  raw: Buffer;
  ip: string;
  helo: string | null;
  mailFrom: string;
  rcptTo: string[];
  queueId: string;
  /** The account whose Bayes statistics apply (per-user classifier, keyed by Deliver-To). */
  accountId: number;
  auth?: AuthVerdict;
}

/** The Bayes user of an account, the same for scoring and for learning. */
export function spamUser(accountId: number): string {
  return `account-${accountId}`;
}

/**
 * Our verdict in the words of Rspamd's http_headers module (the SPF, DKIM and DMARC request
 * headers): it inserts the matching symbols itself and skips its own checks.
 */
export function authHeaders(auth: AuthVerdict): Record<string, string> {
  const spf: Record<string, string> = {
    pass: 'pass',
    fail: 'fail',
    softfail: 'softfail',
    neutral: 'neutral',
    none: 'na',
    temperror: 'na',
    permerror: 'permfail',
  };
  const dkim: Record<string, string> = {
    pass: 'pass',
    fail: 'fail',
    softfail: 'fail',
    neutral: 'na',
    none: 'na',
    temperror: 'tempfail',
    permerror: 'permfail',
  };
  let dmarc = 'na';
  if (auth.dmarc === 'pass') dmarc = 'pass';
  else if (auth.dmarc === 'fail')
    dmarc = auth.policy === 'reject' ? 'reject' : auth.policy === 'quarantine' ? 'quarantine' : 'softfail';
  else if (auth.dmarc === 'temperror') dmarc = 'tempfail';
  else if (auth.dmarc === 'permerror') dmarc = 'permfail';
  return {
    SPF: `{result: ${spf[auth.spf] ?? 'na'}}`,
    DKIM: `{result: ${dkim[auth.dkim] ?? 'na'}}`,
    DMARC: `{result: ${dmarc}}`,
  };
}

/** Rspamd's score and symbols for one message; throws when it does not answer within `timeoutMs`. */
export async function rspamdCheck(url: string, req: SpamRequest, timeoutMs: number): Promise<SpamScore> {
  const headers = new Headers({
    Ip: req.ip,
    From: req.mailFrom,
    'Queue-Id': req.queueId,
    'Deliver-To': spamUser(req.accountId),
    'Content-Type': 'message/rfc822',
    ...(req.helo ? { Helo: req.helo } : {}),
    ...(req.auth ? authHeaders(req.auth) : {}),
  });
  for (const rcpt of req.rcptTo) headers.append('Rcpt', rcpt);
  const res = await fetch(new URL('/checkv2', url), {
    method: 'POST',
    headers,
    body: new Uint8Array(req.raw),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`rspamd answered HTTP ${res.status}`);
  const body = (await res.json()) as { score?: unknown; symbols?: Record<string, { score?: unknown; options?: unknown }> };
  if (typeof body.score !== 'number' || !Number.isFinite(body.score)) throw new Error("no score in rspamd's answer");
  const symbols: SpamSymbols = {};
  for (const [name, s] of Object.entries(body.symbols ?? {})) {
    symbols[name] = {
      score: typeof s.score === 'number' ? s.score : 0,
      ...(Array.isArray(s.options) ? { options: s.options.map(String) } : {}),
    };
  }
  return { score: Math.round(body.score * 100) / 100, symbols };
}

/** What a learn call did: learnt, or why Rspamd did not (too few words, learnt before, …). */
export type LearnResult = { learned: true } | { learned: false; reason: string };

/**
 * Teaches the account's Bayes (the same Deliver-To user as at scoring) that a message is spam or
 * ham. Throws when the controller cannot be reached or refuses the password.
 */
export async function rspamdLearn(
  controllerUrl: string,
  password: string | undefined,
  verdict: 'spam' | 'ham',
  raw: Buffer,
  accountId: number,
  timeoutMs: number,
): Promise<LearnResult> {
  const res = await fetch(new URL(verdict === 'spam' ? '/learnspam' : '/learnham', controllerUrl), {
    method: 'POST',
    headers: {
      'Deliver-To': spamUser(accountId),
      'Content-Type': 'message/rfc822',
      ...(password ? { Password: password } : {}),
    },
    body: new Uint8Array(raw),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (res.status === 200) return { learned: true };
  // 204 and 208: Rspamd heard the message but did not learn it (too short, already learnt).
  if (res.status === 204 || res.status === 208) return { learned: false, reason: res.statusText || 'not learnt' };
  throw new Error(`rspamd controller answered HTTP ${res.status}${text.includes('Unauthorized') ? ' (password refused)' : ''}`);
}
