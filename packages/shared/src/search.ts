import { z } from 'zod';
import { SEARCH_QUERY_MAX } from './constants';
import { Id } from './rules';

/** Words of one query (free words and the words of quoted phrases): each is one more index look-up. */
export const SEARCH_QUERY_MAX_WORDS = 8;
/** Operators of one query (`from:`, `is:unread`, …). */
export const SEARCH_QUERY_MAX_OPERATORS = 8;
/** Messages a bulk action on search results changes at most in one request. */
export const SEARCH_BULK_MAX = 1000;

export const SEARCH_MSG = {
  query: `The search must contain at least one letter or digit and at most ${SEARCH_QUERY_MAX} characters`,
  tooManyWords: `The search may contain at most ${SEARCH_QUERY_MAX_WORDS} words`,
  tooManyOperators: `The search may contain at most ${SEARCH_QUERY_MAX_OPERATORS} operators`,
  unclosedQuote: 'A quote is not closed: end the phrase with "',
  emptyPhrase: 'A quoted phrase must contain a letter or digit',
  emptyValue: (op: string, example: string) => `${op}: needs a value, e.g. ${example}`,
  has: 'has: takes attachment (has:attachment)',
  is: 'is: takes unread, read or spam (is:unread)',
  date: (op: string) => `${op}: takes a date as YYYY-MM-DD or an age such as 7d, 2w, 3m or 1y (${op}:2026-01-31)`,
  size: (op: string) => `${op}: takes a size in bytes, or with k, M or G, such as 500k or 2M (${op}:2M)`,
} as const;

/**
 * A text folded the way search compares it: compatibility-decomposed (NFKD), without combining
 * marks, lower-case. "Ébène" and "EBENE" fold to the same text.
 */
export function searchFold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The words of a text as search sees them: folded (searchFold), split on everything that is not a
 * letter or a digit. An address gives its parts ("ada", "example", "org").
 */
export function searchWords(text: string): string[] {
  return searchFold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Does folded `text` hold folded `value` from the start of a word (at the start, or after a
 * character that is not a letter or a digit)? `from:shop` holds in "ada@shop.example", not in
 * "workshop.example"; a value that starts with a separator (`@shop`) holds wherever it occurs.
 */
export function searchHoldsAt(text: string, value: string): boolean {
  const anywhere = !WORD_CHAR.test(value[0] ?? '');
  for (let i = text.indexOf(value); i >= 0; i = text.indexOf(value, i + 1)) {
    if (anywhere || i === 0 || !WORD_CHAR.test(text[i - 1]!)) return true;
  }
  return false;
}

/** A date of `before:`/`after:`: a UTC calendar day, or an age in days counted back from now. */
export type SearchDate = { day: string } | { daysAgo: number };

/**
 * One clause of a parsed query; a message must satisfy every clause (a negated one must not hold).
 * `text` is the clause as typed, for the SPA's chips.
 */
export type SearchClause = { text: string; negated: boolean } & (
  | { op: 'word'; word: string; prefix: boolean }
  | { op: 'phrase'; words: string[] }
  /** `value` is folded (searchFold); it must occur in the field from the start of a word (searchHoldsAt). */
  | { op: 'from' | 'to' | 'subject'; value: string }
  | { op: 'has'; value: 'attachment' }
  | { op: 'is'; value: 'read' | 'unread' | 'spam' }
  | { op: 'before' | 'after'; date: SearchDate }
  | { op: 'larger' | 'smaller'; bytes: number }
);

export type SearchParse = { ok: true; clauses: SearchClause[] } | { ok: false; error: string };

const FIELD_EXAMPLES = { from: 'from:ada@example.org', to: 'to:shop', subject: 'subject:invoice' } as const;
const OPERATORS = new Set(['from', 'to', 'subject', 'has', 'is', 'before', 'after', 'larger', 'smaller']);
const AGE_DAYS = { d: 1, w: 7, m: 30, y: 365 } as const;
const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};
/** Larger than any message we accept, so a size still fits the database's integer column. */
const SIZE_MAX = 2 ** 31 - 1;

/** Reads a value at `i`: a quoted run (without its quotes) or a run up to the next space. */
function readValue(q: string, i: number): { value: string; end: number; quoted: boolean } | { error: string } {
  if (q[i] === '"') {
    const close = q.indexOf('"', i + 1);
    if (close < 0) return { error: SEARCH_MSG.unclosedQuote };
    return { value: q.slice(i + 1, close), end: close + 1, quoted: true };
  }
  let end = i;
  while (end < q.length && !/\s/.test(q[end]!)) end++;
  return { value: q.slice(i, end), end, quoted: false };
}

function parseDate(op: string, v: string): SearchDate | string {
  const age = /^(\d{1,4})([dwmy])$/i.exec(v);
  if (age) return { daysAgo: Number(age[1]) * AGE_DAYS[age[2]!.toLowerCase() as keyof typeof AGE_DAYS] };
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (day) {
    const d = new Date(`${v}T00:00:00Z`);
    // "2026-02-30" parses to another day; a day that does not exist is refused.
    if (!Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v) return { day: v };
  }
  return SEARCH_MSG.date(op);
}

function parseSize(op: string, v: string): number | string {
  const m = /^(\d+(?:\.\d+)?)([a-z]*)$/i.exec(v);
  const unit = m ? SIZE_UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) return SEARCH_MSG.size(op);
  return Math.min(SIZE_MAX, Math.round(Number(m[1]) * unit));
}

/**
 * Parses a search query (docs/product.md §7 Search) into clauses: free words, `"quoted phrases"`,
 * and the operators `from:`, `to:`, `subject:` (each with a word or a quoted value), `has:attachment`,
 * `is:unread`, `is:read`, `is:spam`, `before:`/`after:` (a day or an age) and `larger:`/`smaller:`
 * (a size); a leading `-` negates any of them. A `name:` that is not an operator is plain text (so
 * "re: invoice" searches words). The last token of the query, when it is a free word of three or
 * more characters, is a prefix (the word as typed so far). Pure: the SPA uses it to show the query.
 */
export function parseSearchQuery(q: string): SearchParse {
  if (q.length > SEARCH_QUERY_MAX) return { ok: false, error: SEARCH_MSG.query };
  const clauses: SearchClause[] = [];
  let i = 0;
  while (i < q.length) {
    if (/\s/.test(q[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let negated = false;
    if (q[i] === '-' && i + 1 < q.length && !/[\s-]/.test(q[i + 1]!)) {
      negated = true;
      i++;
    }
    const op = /^([a-z]+):/i.exec(q.slice(i));
    if (op && OPERATORS.has(op[1]!.toLowerCase())) {
      const name = op[1]!.toLowerCase();
      const read = readValue(q, i + op[0].length);
      if ('error' in read) return { ok: false, error: read.error };
      i = read.end;
      const text = q.slice(start, i);
      const v = read.value.trim();
      if (!v) {
        const example =
          name in FIELD_EXAMPLES
            ? FIELD_EXAMPLES[name as keyof typeof FIELD_EXAMPLES]
            : name === 'has'
              ? 'has:attachment'
              : name === 'is'
                ? 'is:unread'
                : name === 'before' || name === 'after'
                  ? `${name}:2026-01-31`
                  : `${name}:2M`;
        return { ok: false, error: SEARCH_MSG.emptyValue(name, example) };
      }
      if (name === 'from' || name === 'to' || name === 'subject') {
        if (!searchWords(v).length) return { ok: false, error: SEARCH_MSG.emptyValue(name, FIELD_EXAMPLES[name]) };
        clauses.push({ op: name, value: searchFold(v), text, negated });
      } else if (name === 'has') {
        if (v.toLowerCase() !== 'attachment') return { ok: false, error: SEARCH_MSG.has };
        clauses.push({ op: 'has', value: 'attachment', text, negated });
      } else if (name === 'is') {
        const is = v.toLowerCase();
        if (is !== 'read' && is !== 'unread' && is !== 'spam') return { ok: false, error: SEARCH_MSG.is };
        clauses.push({ op: 'is', value: is, text, negated });
      } else if (name === 'before' || name === 'after') {
        const date = parseDate(name, v);
        if (typeof date === 'string') return { ok: false, error: date };
        clauses.push({ op: name, date, text, negated });
      } else {
        const bytes = parseSize(name, v);
        if (typeof bytes === 'string') return { ok: false, error: bytes };
        clauses.push({ op: name as 'larger' | 'smaller', bytes, text, negated });
      }
      continue;
    }
    if (q[i] === '"') {
      const read = readValue(q, i);
      if ('error' in read) return { ok: false, error: read.error };
      i = read.end;
      const words = searchWords(read.value);
      if (!words.length) return { ok: false, error: SEARCH_MSG.emptyPhrase };
      const text = q.slice(start, i);
      // A one-word phrase is that whole word, never a prefix.
      clauses.push(
        words.length === 1
          ? { op: 'word', word: words[0]!, prefix: false, text, negated }
          : { op: 'phrase', words, text, negated },
      );
      continue;
    }
    const read = readValue(q, i) as { value: string; end: number };
    i = read.end;
    const text = q.slice(start, i);
    // "ada@example.org" is three words, each needed; negated, it leaves out mail holding them in that
    // order, not mail holding any one of them ("-example.org" must not drop all mail from ".org").
    const words = searchWords(read.value);
    if (words.length > 1 && negated) clauses.push({ op: 'phrase', words, text, negated });
    else for (const word of words) clauses.push({ op: 'word', word, prefix: false, text, negated });
  }
  const last = clauses[clauses.length - 1];
  // The query's last free word, unquoted, is the start of a word as typed so far.
  if (last?.op === 'word' && !last.negated && !last.text.startsWith('"') && Array.from(last.word).length >= 3) last.prefix = true;
  if (!clauses.length) return { ok: false, error: SEARCH_MSG.query };
  const words = clauses.reduce((n, c) => n + (c.op === 'word' ? 1 : c.op === 'phrase' ? c.words.length : 0), 0);
  if (words > SEARCH_QUERY_MAX_WORDS) return { ok: false, error: SEARCH_MSG.tooManyWords };
  if (clauses.length - clauses.filter((c) => c.op === 'word' || c.op === 'phrase').length > SEARCH_QUERY_MAX_OPERATORS)
    return { ok: false, error: SEARCH_MSG.tooManyOperators };
  return { ok: true, clauses };
}

/** The first moment a `before:`/`after:` date names, UTC: its day's midnight, or now less its age. */
export function searchDateStart(date: SearchDate, now: Date): Date {
  return 'day' in date ? new Date(`${date.day}T00:00:00Z`) : new Date(now.getTime() - date.daysAgo * 86_400_000);
}

/** `?q=` of the search call: a query parseSearchQuery accepts, with its message when it does not. */
export const SearchTextSchema = z.string({ error: SEARCH_MSG.query }).superRefine((q, ctx) => {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, abort: true });
});

/** `?cursor=` of a paged list (a message list, a search): the `next_cursor` of the page before. */
export const CursorQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

/** GET /api/account/{id}/search: the query, one alias or every one, and the page. */
export const SearchQuerySchema = CursorQuerySchema.extend({
  q: SearchTextSchema,
  alias_id: Id.optional(),
});

/**
 * What a bulk action does to every result of a search (docs/product.md §7 Search); `block` blocks
 * the sender of each (for the alias searched, else the account), as "Block sender" would.
 */
export const SEARCH_BULK_ACTIONS = ['read', 'unread', 'trash', 'block'] as const;
export const SearchBulkBodySchema = z.object({
  q: SearchTextSchema,
  alias_id: z.int().positive().optional(),
  action: z.enum(SEARCH_BULK_ACTIONS),
});
export type SearchBulkBody = z.infer<typeof SearchBulkBodySchema>;
