import type { MailMessage } from '@app/db';
import { runSearch } from '@app/runtime';
import { parseSearchQuery } from '@app/shared';
import { searchDate } from './imap-format';
import type { Selected } from './imap-mailbox';
import { sequenceSet, type Arg } from './imap-parser';
import type { ImapContext } from './imap-context';

/** Most matches the product's search is asked for per text criterion, and most candidates it opens for them. */
const TEXT_MATCHES_MAX = 10_000;
const TEXT_SCAN_MAX = 20_000;
const DAY = 86_400_000;
const CHUNK = 1000;

type Test = (m: MailMessage, seq: number) => boolean;

/** The product query (docs/product.md, search) an IMAP text criterion stands for. */
const TEXT_QUERY: Record<string, (v: string) => string> = {
  FROM: (v) => `from:"${v}"`,
  TO: (v) => `to:"${v}"`,
  SUBJECT: (v) => `subject:"${v}"`,
  TEXT: (v) => v,
  BODY: (v) => v,
};

/**
 * SEARCH (RFC 3501 §6.4.4): flags, dates, sizes and sets are tested on each message's row; FROM, TO,
 * SUBJECT, TEXT and BODY go through the product's own encrypted search (its blind index of words,
 * docs/security.md SR1), so they match whole words and word starts, not any substring. Returns
 * sequence numbers (or UIDs), or null when a criterion is not understood.
 */
export async function imapSearch(ctx: ImapContext, sel: Selected, args: Arg[], byUid: boolean): Promise<number[] | null> {
  const queue = args[0] && String(args[0]).toUpperCase() === 'CHARSET' ? args.slice(2) : [...args];
  const tests: Test[] = [];
  while (queue.length) {
    const test = await criterion(ctx, sel, queue);
    if (!test) return null;
    tests.push(test);
  }
  const out: number[] = [];
  for (let i = 0; i < sel.uids.length; i += CHUNK) {
    const found = await ctx.store!.messages(sel.named.folder, sel.uids.slice(i, i + CHUNK));
    const bySeq = new Map(sel.uids.slice(i, i + CHUNK).map((uid, j) => [uid, i + j + 1]));
    for (const m of found) if (tests.every((t) => t(m, bySeq.get(m.id)!))) out.push(byUid ? m.id : bySeq.get(m.id)!);
  }
  return out;
}

async function criterion(ctx: ImapContext, sel: Selected, queue: Arg[]): Promise<Test | null> {
  const head = queue.shift();
  if (Array.isArray(head)) {
    const inner: Test[] = [];
    while (head.length) {
      const t = await criterion(ctx, sel, head);
      if (!t) return null;
      inner.push(t);
    }
    return (m, seq) => inner.every((t) => t(m, seq));
  }
  const key = String(head).toUpperCase();
  const flags: Record<string, Test> = {
    ALL: () => true,
    SEEN: (m) => !!m.openedAt,
    UNSEEN: (m) => !m.openedAt,
    DELETED: (m) => sel.deleted.has(m.id),
    UNDELETED: (m) => !sel.deleted.has(m.id),
    NEW: (m) => !m.openedAt,
    OLD: () => true,
    RECENT: () => false,
  };
  if (flags[key]) return flags[key];
  if (key === 'NOT') {
    const t = await criterion(ctx, sel, queue);
    return t && ((m, seq) => !t(m, seq));
  }
  if (key === 'OR') {
    const a = await criterion(ctx, sel, queue);
    const b = a && (await criterion(ctx, sel, queue));
    return a && b && ((m, seq) => a(m, seq) || b(m, seq));
  }
  if (key === 'UID') {
    const set = sequenceSet(queue.shift(), sel.uidNext - 1);
    return set && ((m) => set(m.id));
  }
  const value = queue.shift();
  if (typeof value !== 'string') {
    const set = sequenceSet(key, sel.uids.length);
    if (value !== undefined) queue.unshift(value);
    return set && ((_m, seq) => set(seq));
  }
  return valued(ctx, sel, key, value) ?? (sequenceSet(key, sel.uids.length) ? (queue.unshift(value), seqTest(key, sel)) : null);
}

const seqTest = (key: string, sel: Selected): Test => {
  const set = sequenceSet(key, sel.uids.length)!;
  return (_m, seq) => set(seq);
};

function valued(ctx: ImapContext, sel: Selected, key: string, value: string): Test | Promise<Test> | null {
  const day = searchDate(value);
  const at = (m: MailMessage) => m.createdAt.getTime();
  if (key === 'SINCE' || key === 'SENTSINCE') return day && ((m) => at(m) >= day.getTime());
  if (key === 'BEFORE' || key === 'SENTBEFORE') return day && ((m) => at(m) < day.getTime());
  if (key === 'ON' || key === 'SENTON') return day && ((m) => at(m) >= day.getTime() && at(m) < day.getTime() + DAY);
  if (key === 'LARGER') return (m) => m.size > Number(value);
  if (key === 'SMALLER') return (m) => m.size < Number(value);
  const query = TEXT_QUERY[key];
  return query ? textMatches(ctx, sel, query(value.replace(/"/g, ' '))) : null;
}

/**
 * The ids the product's search (the web app's, runSearch) finds for a query, as a test; in one
 * alias's folder, a search within that alias, so its matches are not crowded out by the account's.
 */
async function textMatches(ctx: ImapContext, sel: Selected, q: string): Promise<Test> {
  if (!parseSearchQuery(q).ok) return () => false;
  const { db } = ctx.services.database;
  const { aliasIds } = sel.named.folder;
  const run = await runSearch(ctx.services, db, ctx.user!.accountId, {
    q,
    aliasId: aliasIds.length === 1 ? aliasIds[0] : undefined,
    want: TEXT_MATCHES_MAX,
    scanMax: TEXT_SCAN_MAX,
  });
  const ids = new Set(run.rows.map((r) => r.id));
  return (m) => ids.has(m.id);
}
