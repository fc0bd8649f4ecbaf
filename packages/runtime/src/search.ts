import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { searchWords, type SearchClause } from '@app/shared';
import type { DataKey } from './crypto';

/**
 * The blind search index (docs/security.md SR1). A term is HMAC-SHA256 under the account's search
 * key of a kind byte and a normalised word, truncated to its first 8 bytes read as a signed 64-bit
 * integer (the element type of the index's Postgres array): whole words and the prefixes of each
 * word (3 to 10 characters) are different kinds, so a prefix never collides with the word it spells.
 */
const WORD = Buffer.from([0x01]);
const PREFIX = Buffer.from([0x02]);
/** The subject's words once more, as kinds of their own, so `subject:` asks the index for them. */
const SUBJECT_WORD = Buffer.from([0x03]);
const SUBJECT_PREFIX = Buffer.from([0x04]);
/**
 * The kinds of terms messageTerms writes, stored beside them: 2 since subjects have their own kinds.
 * A search reads older rows by the kinds they hold.
 */
export const TERMS_VERSION = 2;
/** A conversation's key (threadKey), of its first Message-ID or of its subject: never a search term. */
const THREAD = Buffer.from([0x05]);
const THREAD_SUBJECT = Buffer.from([0x06]);
const MIN_PREFIX = 3;
const MAX_PREFIX = 10;
/** Longer runs of letters and digits (encoded data, hashes) are not words anyone searches for. */
const MAX_WORD = 48;
/** Distinct words indexed per message: the index of one message stays bounded. */
export const MAX_INDEXED_WORDS = 1000;

/** What of a message is searchable: sender, subject and the text (mailparser's text of HTML-only mail). */
export interface Searchable {
  senderAddress: string;
  senderLabel: string;
  subject: string | null;
  text: string | null;
}

function hasher(key: DataKey): (kind: Buffer, word: string) => bigint {
  const k: KeyObject = createSecretKey(key.parts[0]!);
  return (kind, word) => createHmac('sha256', k).update(kind).update(word).digest().readBigInt64BE(0);
}

/**
 * The terms of recently indexed words (the word's own term and its prefixes' terms), per search
 * key: an account's mail repeats its words from message to message, and hashing is most of what
 * indexing a message costs (docs/performance.md §4). Bounded to the most recent keys and, per key,
 * the most recently added words; it lives in the indexing process's memory only, which holds the
 * same words in clear while it parses the message anyway.
 */
const CACHED_KEYS = 16;
const CACHED_WORDS = 4096;
const wordTermCache = new Map<DataKey, Map<string, bigint[]>>();

function cachedWords(key: DataKey): Map<string, bigint[]> {
  let words = wordTermCache.get(key);
  if (words) {
    // Most recently used last, so the first is the one to drop.
    wordTermCache.delete(key);
  } else {
    words = new Map();
    if (wordTermCache.size >= CACHED_KEYS) wordTermCache.delete(wordTermCache.keys().next().value!);
  }
  wordTermCache.set(key, words);
  return words;
}

type Kinds = { word: Buffer; prefix: Buffer };
const TEXT: Kinds = { word: WORD, prefix: PREFIX };
const SUBJECT: Kinds = { word: SUBJECT_WORD, prefix: SUBJECT_PREFIX };

/** A word's own term followed by the terms of its prefixes of 3 to 10 characters. */
function wordTerms(term: (kind: Buffer, word: string) => bigint, word: string, kinds: Kinds): bigint[] {
  const terms = [term(kinds.word, word)];
  const chars = Array.from(word);
  for (let n = MIN_PREFIX; n <= Math.min(chars.length, MAX_PREFIX); n++)
    terms.push(term(kinds.prefix, chars.slice(0, n).join('')));
  return terms;
}

/** The distinct indexable words of a text, at most `max`. */
function indexable(text: string, max: number): string[] {
  const words = new Set<string>();
  for (const w of searchWords(text)) {
    if (words.size >= max) break;
    if (w.length <= MAX_WORD) words.add(w);
  }
  return [...words];
}

/** The distinct terms of one message (of TERMS_VERSION): every word, and the subject's words again. */
export function messageTerms(key: DataKey, m: Searchable): bigint[] {
  const words = indexable([m.senderAddress, m.senderLabel, m.subject ?? '', m.text ?? ''].join(' '), MAX_INDEXED_WORDS);
  const cache = cachedWords(key);
  let term: ((kind: Buffer, word: string) => bigint) | null = null;
  const terms = new Set<bigint>();
  const add = (w: string, kinds: Kinds) => {
    // A word holds no ':', so the subject's entries cannot meet a word's.
    const id = kinds === SUBJECT ? `:${w}` : w;
    let known = cache.get(id);
    if (!known) {
      known = wordTerms((term ??= hasher(key)), w, kinds);
      if (cache.size >= CACHED_WORDS) cache.delete(cache.keys().next().value!);
      cache.set(id, known);
    }
    for (const t of known) terms.add(t);
  };
  for (const w of words) add(w, TEXT);
  for (const w of indexable(m.subject ?? '', MAX_INDEXED_WORDS)) add(w, SUBJECT);
  return [...terms];
}

/**
 * The blind-index terms a parsed query asks for: every one of `all`, and none of `none`; of rows of
 * TERMS_VERSION, also every one of `subject` (the `subject:` values' words in the subject).
 */
export interface QueryTerms {
  all: bigint[];
  none: bigint[];
  subject: bigint[];
}

/**
 * The terms of a parsed query (parseSearchQuery): a free word as a whole word, or as the start of a
 * word when the parser took it as typed so far (comparing at most its first ten characters); each
 * word of a phrase as a whole word. A `from:` or `subject:` value starts a word of its field, so of
 * its words all but the last are whole words there, and the last starts a word (a negated word is
 * a term no match may hold);
 * everything else is checked on the candidates the terms leave (docs/security.md SR1).
 */
export function queryTerms(key: DataKey, clauses: SearchClause[]): QueryTerms {
  const term = hasher(key);
  const word = (w: string, prefix: boolean, kinds = TEXT) => {
    const chars = Array.from(w);
    return prefix && chars.length >= MIN_PREFIX ? term(kinds.prefix, chars.slice(0, MAX_PREFIX).join('')) : term(kinds.word, w);
  };
  const all = new Set<bigint>();
  const none = new Set<bigint>();
  const subject = new Set<bigint>();
  for (const c of clauses) {
    if (c.op === 'word') (c.negated ? none : all).add(word(c.word, c.prefix));
    else if (c.negated) continue;
    else if (c.op === 'phrase') for (const w of c.words) all.add(word(w, false));
    else if (c.op === 'from' || c.op === 'subject') {
      const words = searchWords(c.value);
      // The value may stop mid-word: its last word is a start, and of two characters or less, none.
      const last = words.pop()!;
      const whole = Array.from(last).length >= MIN_PREFIX ? [...words, last] : words;
      whole.forEach((w, i) => all.add(word(w, i === words.length)));
      if (c.op === 'subject') whole.forEach((w, i) => subject.add(word(w, i === words.length, SUBJECT)));
    }
  }
  return { all: [...all], none: [...none], subject: [...subject] };
}

/** What a message says of the conversation it belongs to. */
export interface Threading {
  references: string[];
  inReplyTo: string | null;
  messageId: string | null;
  subject: string | null;
}

/** "Re: Fwd: AW:" and the like, however many, and the case and spacing of what is left. */
function conversationSubject(subject: string | null): string {
  return (subject ?? '')
    .replace(/^(\s*(re|fwd?|aw|wg|sv|tr|antw)(\[\d+\])?\s*:)+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The conversation key of a message (docs/product.md §3 "All mail"): under the account's search key,
 * the keyed hash of the conversation's first Message-ID (the oldest of References, else In-Reply-To,
 * else its own), else of its subject without reply prefixes. Mail that answers a message thus shares
 * that message's key, and the database holds a number that says nothing of the mail.
 */
export function threadKey(key: DataKey, m: Threading): bigint {
  const term = hasher(key);
  const root = m.references[0] ?? m.inReplyTo ?? m.messageId;
  return root ? term(THREAD, root) : term(THREAD_SUBJECT, conversationSubject(m.subject));
}
