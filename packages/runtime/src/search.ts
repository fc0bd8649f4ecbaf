import { createCipheriv, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
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
/** Of an adjacent pair of words: the key of the pair terms is derived under this kind. */
const PAIR = Buffer.from([0x07]);
/** The alias a message arrived at (its id), so a search within one alias asks the index for its mail only. */
const ALIAS = Buffer.from([0x08]);
/**
 * What a row of terms holds, stored beside them (`version`): 1 words and prefixes; 2 also the
 * subject's own kinds; 3 also every adjacent pair of words (pairTerms), so a phrase asks the index
 * for its pairs; 4 also its alias's term. A search asks a row only for the kinds its version holds.
 * The index of rows older than the newest version is a partial one of its own (migration 0033).
 */
const SUBJECT_TERMS_SINCE = 2;
const PAIR_TERMS_SINCE = 3;
const ALIAS_TERMS_SINCE = 4;
/** A conversation's key (threadKey), of its first Message-ID or of its subject: never a search term. */
const THREAD = Buffer.from([0x05]);
const THREAD_SUBJECT = Buffer.from([0x06]);
const MIN_PREFIX = 3;
const MAX_PREFIX = 10;
/** Longer runs of letters and digits (encoded data, hashes) are not words anyone searches for. */
const MAX_WORD = 48;
/** Distinct words indexed per message: the index of one message stays bounded. */
export const MAX_INDEXED_WORDS = 1000;
/**
 * Distinct adjacent pairs indexed per message; a message with more is stored without the promise
 * of version 3 (its phrases are then found by their words and checked on the opened message).
 */
const MAX_INDEXED_PAIRS = 4000;

/** What of a message is searchable: sender, subject and the text (mailparser's text of HTML-only mail), and its alias. */
export interface Searchable {
  aliasId: number;
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
interface KeyCache {
  words: Map<string, bigint[]>;
  pairKey: Buffer;
  /** The key's hasher, built once: every message hashes at least its alias's term. */
  term: (kind: Buffer, word: string) => bigint;
}
const keyCache = new Map<DataKey, KeyCache>();

function cachedKey(key: DataKey): KeyCache {
  let cached = keyCache.get(key);
  if (cached) {
    // Most recently used last, so the first is the one to drop.
    keyCache.delete(key);
  } else {
    cached = { words: new Map(), pairKey: pairKeyOf(key), term: hasher(key) };
    if (keyCache.size >= CACHED_KEYS) keyCache.delete(keyCache.keys().next().value!);
  }
  keyCache.set(key, cached);
  return cached;
}

/** The AES key of pair terms, derived from the account's search key. */
const pairKeyOf = (key: DataKey): Buffer => createHmac('sha256', key.parts[0]!).update(PAIR).digest().subarray(0, 16);

/**
 * The terms of adjacent pairs of words, each given by the terms of its two words: one AES block
 * (word term ‖ next word term) under the pair key, read as a term. AES is a keyed permutation, so a
 * pair's term says no more than an HMAC would, and all pairs of a message cost one cipher call
 * instead of an HMAC each (docs/performance.md, search).
 */
function pairTerms(pairKey: Buffer, pairs: [bigint, bigint][]): bigint[] {
  if (!pairs.length) return [];
  const blocks = new DataView(new ArrayBuffer(pairs.length * 16));
  pairs.forEach(([a, b], i) => {
    blocks.setBigInt64(i * 16, a);
    blocks.setBigInt64(i * 16 + 8, b);
  });
  const cipher = createCipheriv('aes-128-ecb', pairKey, null).setAutoPadding(false);
  const out = cipher.update(new Uint8Array(blocks.buffer));
  const terms = new DataView(out.buffer, out.byteOffset, out.length);
  return pairs.map((_, i) => terms.getBigInt64(i * 16));
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

/** The distinct indexable words of some lists of words, in order, at most `max`. */
function indexable(lists: string[][], max: number): string[] {
  const words = new Set<string>();
  for (const list of lists) {
    for (const w of list) {
      if (words.size >= max) return [...words];
      if (w.length <= MAX_WORD) words.add(w);
    }
  }
  return [...words];
}

/** A message's terms and the version of what they hold. */
export interface IndexedTerms {
  terms: bigint[];
  version: number;
}

/**
 * The distinct pairs of adjacent indexed words, as their word terms, within each field a phrase is
 * checked in (subject, sender, text: the search's sealed test); null past MAX_INDEXED_PAIRS. Mail
 * repeats itself, so pairs are told apart by their words' places in `words` before any is encrypted.
 */
function adjacentPairs(fields: string[][], words: string[], termOf: bigint[]): [bigint, bigint][] | null {
  const place = new Map(words.map((w, i) => [w, i]));
  const seen = new Set<number>();
  const pairs: [bigint, bigint][] = [];
  for (const field of fields) {
    for (let i = 1; i < field.length; i++) {
      const [a, b] = [place.get(field[i - 1]!), place.get(field[i]!)];
      if (a === undefined || b === undefined || seen.has(a * MAX_INDEXED_WORDS + b)) continue;
      seen.add(a * MAX_INDEXED_WORDS + b);
      if (pairs.push([termOf[a]!, termOf[b]!]) > MAX_INDEXED_PAIRS) return null;
    }
  }
  return pairs;
}

/** The distinct terms of one message: every word, the subject's words again, and adjacent pairs. */
export function messageTerms(key: DataKey, m: Searchable): IndexedTerms {
  const [address, label, subject, text] = [m.senderAddress, m.senderLabel, m.subject ?? '', m.text ?? ''].map(searchWords);
  const { words: cache, pairKey, term } = cachedKey(key);
  const terms = new Set<bigint>();
  const add = (w: string, kinds: Kinds) => {
    // A word holds no ':', so the subject's entries cannot meet a word's.
    const id = kinds === SUBJECT ? `:${w}` : w;
    let known = cache.get(id);
    if (!known) {
      known = wordTerms(term, w, kinds);
      if (cache.size >= CACHED_WORDS) cache.delete(cache.keys().next().value!);
      cache.set(id, known);
    }
    for (const t of known) terms.add(t);
    return known[0]!;
  };
  const words = indexable([address!, label!, subject!, text!], MAX_INDEXED_WORDS);
  const termOfWord = words.map((w) => add(w, TEXT));
  for (const w of indexable([subject!], MAX_INDEXED_WORDS)) add(w, SUBJECT);
  const pairs = adjacentPairs([subject!, [...label!, ...address!], text!], words, termOfWord);
  // Versions are a ladder: a row without its pairs cannot promise its alias's term either.
  if (!pairs) return { terms: [...terms], version: SUBJECT_TERMS_SINCE };
  for (const t of pairTerms(pairKey, pairs)) terms.add(t);
  terms.add(aliasTerm(term, m.aliasId));
  return { terms: [...terms], version: ALIAS_TERMS_SINCE };
}

const aliasTerm = (term: (kind: Buffer, word: string) => bigint, aliasId: number) => term(ALIAS, String(aliasId));

/**
 * The blind-index terms a parsed query asks for: every one of `all`, and none of `none`; of rows of
 * a version `since` or later, also every one of its `terms` (the `subject:` values' words in the
 * subject; the adjacent pairs of phrases; the alias searched in). A row is never asked for a kind
 * its version lacks.
 */
export interface QueryTerms {
  all: bigint[];
  none: bigint[];
  byVersion: { since: number; terms: bigint[] }[];
}

/**
 * The terms of a parsed query (parseSearchQuery): a free word as a whole word, or as the start of a
 * word when the parser took it as typed so far (comparing at most its first ten characters); each
 * word of a phrase as a whole word, and each pair of its adjacent words. A `from:` or `subject:` value starts a word of its field, so of
 * its words all but the last are whole words there, and the last starts a word (a negated word is
 * a term no match may hold); a search within an alias (`aliasId`) asks for the alias's term too.
 * Everything else is checked on the candidates the terms leave (docs/security.md SR1).
 */
export function queryTerms(key: DataKey, clauses: SearchClause[], aliasId?: number): QueryTerms {
  const term = hasher(key);
  const word = (w: string, prefix: boolean, kinds = TEXT) => {
    const chars = Array.from(w);
    return prefix && chars.length >= MIN_PREFIX ? term(kinds.prefix, chars.slice(0, MAX_PREFIX).join('')) : term(kinds.word, w);
  };
  const all = new Set<bigint>();
  const none = new Set<bigint>();
  const subject = new Set<bigint>();
  const pairs: [bigint, bigint][] = [];
  for (const c of clauses) {
    if (c.op === 'word') (c.negated ? none : all).add(word(c.word, c.prefix));
    else if (c.negated) continue;
    else if (c.op === 'phrase') {
      const terms = c.words.map((w) => word(w, false));
      terms.forEach((t, i) => {
        all.add(t);
        if (i) pairs.push([terms[i - 1]!, t]);
      });
    } else if (c.op === 'from' || c.op === 'subject') {
      const words = searchWords(c.value);
      // The value may stop mid-word: its last word is a start, and of two characters or less, none.
      const last = words.pop()!;
      const whole = Array.from(last).length >= MIN_PREFIX ? [...words, last] : words;
      whole.forEach((w, i) => all.add(word(w, i === words.length)));
      if (c.op === 'subject') whole.forEach((w, i) => subject.add(word(w, i === words.length, SUBJECT)));
    }
  }
  const byVersion = [
    { since: SUBJECT_TERMS_SINCE, terms: [...subject] },
    { since: PAIR_TERMS_SINCE, terms: [...new Set(pairTerms(pairKeyOf(key), pairs))] },
    { since: ALIAS_TERMS_SINCE, terms: aliasId === undefined ? [] : [aliasTerm(term, aliasId)] },
  ];
  return { all: [...all], none: [...none], byVersion: byVersion.filter((v) => v.terms.length) };
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
