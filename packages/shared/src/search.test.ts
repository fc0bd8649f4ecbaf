import { describe, expect, it } from 'vitest';
import { parseSearchQuery, searchDateStart, searchHoldsAt, SearchTextSchema, type SearchClause } from './search';

const clauses = (q: string): Array<Omit<SearchClause, 'text'>> => {
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.clauses.map(({ text: _text, ...c }) => c);
};
const error = (q: string) => {
  const parsed = parseSearchQuery(q);
  if (parsed.ok) throw new Error(`parsed: ${q}`);
  return parsed.error;
};

describe('parseSearchQuery', () => {
  it('keeps plain words, folded, the last as a prefix', () => {
    expect(clauses('Invoice ÉTÉ')).toEqual([
      { op: 'word', word: 'invoice', prefix: false, negated: false },
      { op: 'word', word: 'ete', prefix: true, negated: false },
    ]);
    expect(clauses('ada@example.org')).toEqual([
      { op: 'word', word: 'ada', prefix: false, negated: false },
      { op: 'word', word: 'example', prefix: false, negated: false },
      { op: 'word', word: 'org', prefix: true, negated: false },
    ]);
    expect(clauses('ab')).toEqual([{ op: 'word', word: 'ab', prefix: false, negated: false }]);
  });

  it('reads each operator', () => {
    expect(clauses('from:Ada to:shop subject:"Your Order" has:attachment is:unread is:read is:spam')).toEqual([
      { op: 'from', value: 'ada', negated: false },
      { op: 'to', value: 'shop', negated: false },
      { op: 'subject', value: 'your order', negated: false },
      { op: 'has', value: 'attachment', negated: false },
      { op: 'is', value: 'unread', negated: false },
      { op: 'is', value: 'read', negated: false },
      { op: 'is', value: 'spam', negated: false },
    ]);
    expect(clauses('before:2026-01-31 after:7d after:2w before:3m after:1y')).toEqual([
      { op: 'before', date: { day: '2026-01-31' }, negated: false },
      { op: 'after', date: { daysAgo: 7 }, negated: false },
      { op: 'after', date: { daysAgo: 14 }, negated: false },
      { op: 'before', date: { daysAgo: 90 }, negated: false },
      { op: 'after', date: { daysAgo: 365 }, negated: false },
    ]);
    expect(clauses('larger:10k smaller:2M larger:1.5kb smaller:300')).toEqual([
      { op: 'larger', bytes: 10240, negated: false },
      { op: 'smaller', bytes: 2 * 1024 * 1024, negated: false },
      { op: 'larger', bytes: 1536, negated: false },
      { op: 'smaller', bytes: 300, negated: false },
    ]);
    expect(clauses('FROM:x IS:Unread')).toEqual([
      { op: 'from', value: 'x', negated: false },
      { op: 'is', value: 'unread', negated: false },
    ]);
  });

  it('reads quoted phrases; a one-word phrase is that whole word', () => {
    expect(clauses('"Quarterly Report" "Invoice"')).toEqual([
      { op: 'phrase', words: ['quarterly', 'report'], negated: false },
      { op: 'word', word: 'invoice', prefix: false, negated: false },
    ]);
  });

  it('negates words, phrases and operators with a leading -', () => {
    expect(clauses('-spam -"big sale" -from:shop -has:attachment -is:unread -example.org')).toEqual([
      { op: 'word', word: 'spam', prefix: false, negated: true },
      { op: 'phrase', words: ['big', 'sale'], negated: true },
      { op: 'from', value: 'shop', negated: true },
      { op: 'has', value: 'attachment', negated: true },
      { op: 'is', value: 'unread', negated: true },
      { op: 'phrase', words: ['example', 'org'], negated: true },
    ]);
    // A dash alone, or inside a word, is no negation.
    expect(clauses('well-known - x')).toEqual([
      { op: 'word', word: 'well', prefix: false, negated: false },
      { op: 'word', word: 'known', prefix: false, negated: false },
      { op: 'word', word: 'x', prefix: false, negated: false },
    ]);
  });

  it('takes a name that is no operator as text', () => {
    expect(clauses('re: invoice')).toEqual([
      { op: 'word', word: 're', prefix: false, negated: false },
      { op: 'word', word: 'invoice', prefix: true, negated: false },
    ]);
  });

  it('keeps each clause as typed, for chips', () => {
    const parsed = parseSearchQuery('-from:"Ada L" big  is:unread');
    expect(parsed.ok && parsed.clauses.map((c) => c.text)).toEqual(['-from:"Ada L"', 'big', 'is:unread']);
  });

  it('refuses malformed operators with a message that says how', () => {
    expect(error('from:')).toBe('from: needs a value, e.g. from:ada@example.org');
    expect(error('subject:""')).toBe('subject: needs a value, e.g. subject:invoice');
    expect(error('has:pdf')).toBe('has: takes attachment (has:attachment)');
    expect(error('is:starred')).toBe('is: takes unread, read or spam (is:unread)');
    expect(error('before:yesterday')).toContain('before: takes a date as YYYY-MM-DD or an age');
    expect(error('after:2026-02-30')).toContain('after: takes a date');
    expect(error('larger:big')).toContain('larger: takes a size');
    expect(error('smaller:10q')).toContain('smaller: takes a size');
    expect(error('"open phrase')).toBe('A quote is not closed: end the phrase with "');
    expect(error('"!!"')).toBe('A quoted phrase must contain a letter or digit');
    expect(error('a b c d e f g h i')).toBe('The search may contain at most 8 words');
    expect(error('is:read '.repeat(9))).toBe('The search may contain at most 8 operators');
    for (const q of ['', '   ', '!!! ...', 'a'.repeat(201)]) expect(error(q)).toContain('at least one letter or digit');
  });

  it('is what the request schema checks', () => {
    expect(SearchTextSchema.safeParse('from:ada invoice').success).toBe(true);
    const bad = SearchTextSchema.safeParse('is:starred');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('is: takes unread, read or spam (is:unread)');
  });
});

describe('searchDateStart', () => {
  it('is the UTC midnight of a day, or now less an age', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(searchDateStart({ day: '2026-01-31' }, now).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(searchDateStart({ daysAgo: 7 }, now).toISOString()).toBe('2026-03-03T12:00:00.000Z');
  });
});

describe('searchHoldsAt', () => {
  it('finds a value from the start of a word', () => {
    expect(searchHoldsAt('ada@shop.example', 'shop')).toBe(true);
    expect(searchHoldsAt('ada@shop.example', 'shop.exa')).toBe(true);
    expect(searchHoldsAt('ada@workshop.example', 'shop')).toBe(false);
    expect(searchHoldsAt('workshop and shop', 'shop')).toBe(true);
    expect(searchHoldsAt('ada@workshop.example', '@workshop')).toBe(true);
    expect(searchHoldsAt('eric', 'eric')).toBe(true);
  });
});
