import { describe, expect, it } from 'vitest';
import { generateKey } from './crypto';
import { messageTerms, queryTerms } from './search';

const mail = {
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

  it('hashes the same word differently under another key', () => {
    const a = messageTerms(generateKey('aes'), mail);
    const b = messageTerms(generateKey('aes'), mail);
    expect(a.filter((t) => b.includes(t))).toEqual([]);
  });
});
