import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { searchWords } from '@app/shared';
import type { DataKey } from './crypto';

/**
 * The blind search index (docs/security.md SR1). A term is HMAC-SHA256 under the account's search
 * key of a kind byte and a normalised word, truncated: whole words and the prefixes of each word
 * (3 to 10 characters) are different kinds, so a prefix never collides with the word it spells.
 */
const TERM_BYTES = 10;
const WORD = 0x01;
const PREFIX = 0x02;
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

function hasher(key: DataKey): (kind: number, word: string) => Buffer {
  const k: KeyObject = createSecretKey(key.parts[0]!);
  return (kind, word) => createHmac('sha256', k).update(Buffer.from([kind])).update(word).digest().subarray(0, TERM_BYTES);
}

/** The distinct terms of one message. */
export function messageTerms(key: DataKey, m: Searchable): Buffer[] {
  const words = new Set<string>();
  for (const w of searchWords([m.senderAddress, m.senderLabel, m.subject ?? '', m.text ?? ''].join(' '))) {
    if (words.size >= MAX_INDEXED_WORDS) break;
    if (w.length <= MAX_WORD) words.add(w);
  }
  const prefixes = new Set<string>();
  for (const w of words) {
    const chars = Array.from(w);
    for (let n = MIN_PREFIX; n <= Math.min(chars.length, MAX_PREFIX); n++) prefixes.add(chars.slice(0, n).join(''));
  }
  const term = hasher(key);
  return [...[...words].map((w) => term(WORD, w)), ...[...prefixes].map((p) => term(PREFIX, p))];
}

/**
 * The terms a query must all match: its words as whole words, except the last, which is taken as
 * the start of a word (as typed so far) when it has at least three characters. Past ten, only its
 * first ten are compared.
 */
export function queryTerms(key: DataKey, q: string): Buffer[] {
  const words = searchWords(q);
  const last = words.pop();
  const term = hasher(key);
  const terms = words.map((w) => term(WORD, w));
  if (last !== undefined) {
    const chars = Array.from(last);
    terms.push(chars.length >= MIN_PREFIX ? term(PREFIX, chars.slice(0, MAX_PREFIX).join('')) : term(WORD, last));
  }
  const seen = new Set<string>();
  return terms.filter((t) => !seen.has(t.toString('hex')) && !!seen.add(t.toString('hex')));
}
