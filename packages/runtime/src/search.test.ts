import { describe, expect, it } from 'vitest';
import { generateKey } from './crypto';
import { parseSearchQuery } from '@app/shared';
import { messageTerms as indexed, queryTerms as termsOf, threadKey } from './search';

const messageTerms = (key: ReturnType<typeof generateKey>, m: typeof mail) => indexed(key, m).terms;
/** The terms a query asks of rows of version `since` or later, beside its words. */
const termsSince = (key: ReturnType<typeof generateKey>, q: string, since: number) => {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) throw new Error(parsed.error);
  return termsOf(key, parsed.clauses).byVersion.find((v) => v.since === since)?.terms ?? [];
};

/** The one term a search within alias `aliasId` asks rows of version 4 for. */
const aliasTerm = (key: ReturnType<typeof generateKey>, aliasId: number) => {
  const parsed = parseSearchQuery('parcel');
  const asked = termsOf(key, parsed.ok ? parsed.clauses : [], aliasId).byVersion;
  expect(asked).toHaveLength(1);
  expect(asked[0]!.since).toBe(4);
  return asked[0]!.terms[0]!;
};

const queryTerms = (key: ReturnType<typeof generateKey>, q: string) => {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) throw new Error(parsed.error);
  return termsOf(key, parsed.clauses).all;
};

const mail = {
  aliasId: 7,
  senderAddress: 'news@shop.example',
  senderLabel: 'Shop News',
  subject: 'Your order shipped',
  text: 'Parcel tracking: the parcel left our warehouse.',
};

describe('messageTerms', () => {
  it('gives the same terms whether its words were seen before or not', () => {
    const key = generateKey('aes');
    const first = messageTerms(key, mail);
    const again = messageTerms(key, mail);
    expect(new Set(again)).toEqual(new Set(first));
    // A new message that shares some words: its terms are those of a key that never saw them.
    const other = { ...mail, subject: 'Order cancelled', text: 'the parcel returned' };
    const warm = messageTerms(key, other);
    const cold = messageTerms({ ...key, parts: [...key.parts] }, other);
    expect(new Set(warm)).toEqual(new Set(cold));
  });

  it('holds every whole word and every prefix of 3 to 10 characters a query asks for, once each', () => {
    const key = generateKey('aes');
    const terms = messageTerms(key, mail);
    expect(new Set(terms).size).toBe(terms.length);
    for (const q of ['parcel', 'warehouse', 'shipped order', 'warehou', 'shop news', 'tracking', 'trac']) {
      for (const t of queryTerms(key, q)) expect(terms, q).toContain(t);
    }
    // Whole words other than the last are matched as words, not prefixes.
    expect(terms).not.toContain(queryTerms(key, 'wareh x')[0]);
  });

  it('asks operators for the words their value surely holds, and negated words for none', () => {
    const key = generateKey('aes');
    const terms = messageTerms(key, mail);
    for (const q of ['from:news@shop.example', 'from:shop', 'subject:"order shipp"', 'subject:ship', '"the parcel left"']) {
      expect(queryTerms(key, q).length, q).toBeGreaterThan(0);
      for (const t of queryTerms(key, q)) expect(terms, q).toContain(t);
    }
    // A start of two characters, the recipient, flags and a negated phrase: nothing to ask the index.
    expect(queryTerms(key, 'from:sh to:x is:unread -"a b"')).toEqual([]);
    const parsed = parseSearchQuery('parcel -cancelled');
    const both = termsOf(key, parsed.ok ? parsed.clauses : []);
    expect(both.all).toHaveLength(1);
    expect(both.none).toHaveLength(1);
    expect(terms).not.toContain(both.none[0]);
  });

  it('asks subject: for the words in the subject, and only the subject holds them as such', () => {
    const key = generateKey('aes');
    const terms = messageTerms(key, mail);
    const subjectTerms = (q: string) => termsSince(key, q, 2);
    for (const q of ['subject:shipped', 'subject:"order shipp"', 'subject:ord']) {
      expect(subjectTerms(q).length, q).toBeGreaterThan(0);
      for (const t of subjectTerms(q)) expect(terms, q).toContain(t);
    }
    // "parcel" is in the text only: as a word it is there, as a subject's word it is not.
    expect(terms).toContain(queryTerms(key, 'subject:parcel')[0]);
    expect(terms).not.toContain(subjectTerms('subject:parcel')[0]);
    expect(subjectTerms('parcel from:shop')).toEqual([]);
  });

  it('holds the adjacent pairs of each field, which a phrase asks rows of version 3 for', () => {
    const key = generateKey('aes');
    const { terms, version } = indexed(key, mail);
    expect(version).toBe(4);
    for (const q of ['"the parcel left"', '"parcel left our warehouse"', '"your order"', '"shop news"', '"news shop example"']) {
      expect(termsSince(key, q, 3).length, q).toBeGreaterThan(0);
      for (const t of termsSince(key, q, 3)) expect(terms, q).toContain(t);
    }
    // Words of the message, but not next to each other, or next to each other across two fields.
    for (const q of ['"parcel warehouse"', '"shipped parcel"', '"left the"']) {
      expect(terms, q).not.toContain(termsSince(key, q, 3)[0]);
      for (const t of queryTerms(key, q)) expect(terms, q).toContain(t);
    }
    // The pairs of other keys and of free words: none.
    expect(termsSince(key, 'parcel left', 3)).toEqual([]);
    expect(messageTerms(generateKey('aes'), mail)).not.toContain(termsSince(key, '"the parcel"', 3)[0]);
  });

  it('stores a message of too many distinct adjacent pairs as version 2, without its pairs', () => {
    const key = generateKey('aes');
    const word = (i: number) => `w${i}x`;
    // Each of 4 100 ordered pairs of 100 words once: more than the 4 000 a message's index holds.
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => `${word(Math.floor(i / 100))} ${word(i % 100)}`);
    const { terms, version } = indexed(key, { ...mail, text: `the parcel ${pairs(4100).join(' ')}` });
    expect(version).toBe(2);
    expect(terms).not.toContain(termsSince(key, '"the parcel"', 3)[0]);
    expect(terms).toContain(termsSince(key, 'subject:shipped', 2)[0]);
    // Nor does it hold its alias's term, which only rows of version 4 promise.
    expect(terms).not.toContain(aliasTerm(key, 7));
    // Repeats count once: a long message of few distinct pairs keeps them.
    expect(indexed(key, { ...mail, text: 'the parcel '.repeat(5000) }).version).toBe(4);
    expect(indexed(key, { ...mail, text: pairs(1900).join(' ') }).version).toBe(4);
  });

  it("holds its alias's term, which a search within that alias asks rows of version 4 for", () => {
    const key = generateKey('aes');
    const { terms, version } = indexed(key, mail);
    expect(version).toBe(4);
    expect(terms).toContain(aliasTerm(key, 7));
    expect(terms).not.toContain(aliasTerm(key, 8));
    // Another account's alias 7 is another term; a search over every alias asks for none.
    expect(aliasTerm(generateKey('aes'), 7)).not.toBe(aliasTerm(key, 7));
    const parsed = parseSearchQuery('parcel');
    expect(termsOf(key, parsed.ok ? parsed.clauses : []).byVersion).toEqual([]);
  });

  it('hashes the same word differently under another key', () => {
    const a = messageTerms(generateKey('aes'), mail);
    const b = messageTerms(generateKey('aes'), mail);
    expect(a.filter((t) => b.includes(t))).toEqual([]);
  });
});

describe('threadKey', () => {
  const key = generateKey('aes');
  const first = { references: [], inReplyTo: null, messageId: '<a@club.example>', subject: 'Picnic' };

  it('puts a reply in the conversation of the first Message-ID it names, References before In-Reply-To', () => {
    const root = threadKey(key, first);
    expect(threadKey(key, { ...first, messageId: '<b@club.example>', references: ['<a@club.example>'] })).toBe(root);
    expect(threadKey(key, { ...first, messageId: '<c@club.example>', inReplyTo: '<a@club.example>' })).toBe(root);
    expect(threadKey(key, { ...first, messageId: '<d@club.example>' })).not.toBe(root);
    // Keyed per account: the same mail elsewhere gives another number.
    expect(threadKey(generateKey('aes'), first)).not.toBe(root);
  });

  it('without any Message-ID, groups by the subject without reply prefixes', () => {
    const none = { references: [], inReplyTo: null, messageId: null };
    expect(threadKey(key, { ...none, subject: 'RE: Fwd:  Picnic' })).toBe(threadKey(key, { ...none, subject: 'picnic' }));
    expect(threadKey(key, { ...none, subject: 'Picnic' })).not.toBe(threadKey(key, first));
  });
});
