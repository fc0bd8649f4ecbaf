import { describe, expect, it } from 'vitest';
import { freshRandom, generateKey, open, seal, unwrapKey, wrapKey } from './crypto';

describe('crypto', () => {
  for (const scheme of ['aes', 'triple'] as const) {
    it(`${scheme}: seals and opens, with a fresh nonce each time`, () => {
      const key = generateKey(scheme);
      const a = seal(key, 'hello');
      const b = seal(key, 'hello');
      expect(a.equals(b)).toBe(false);
      expect(open(key, a).toString()).toBe('hello');
    });
    it(`${scheme}: a flipped bit or another key fails authentication`, () => {
      const key = generateKey(scheme);
      const sealed = seal(key, 'secret');
      const tampered = Buffer.from(sealed);
      tampered[tampered.length - 1]! ^= 1;
      expect(() => open(key, tampered)).toThrow();
      expect(() => open(generateKey(scheme), sealed)).toThrow();
    });
  }
  it('triple sealing is three layers deep (three nonces and tags)', () => {
    expect(seal(generateKey('triple'), 'x').length).toBe(1 + 3 * 28);
  });
  it('wraps and unwraps keys of either scheme under a parent', () => {
    const parent = generateKey('aes');
    const child = generateKey('triple');
    const back = unwrapKey(parent, wrapKey(parent, child));
    expect(back.scheme).toBe('triple');
    expect(Buffer.concat(back.parts).equals(Buffer.concat(child.parts))).toBe(true);
  });
  it('hands out each random byte once, across refills of its block and for draws larger than it', () => {
    const draws = [freshRandom(5000), ...Array.from({ length: 3000 }, (_, i) => freshRandom(i % 2 ? 12 : 32))];
    const seen = new Set(draws.map((d) => d.toString('hex')));
    expect(seen.size).toBe(draws.length);
    const zero = (d: Buffer) => d.every((b) => b === 0);
    expect(draws.some(zero)).toBe(false);
    expect(draws[0]!.length).toBe(5000);
    // Bytes are spread as a CSPRNG's are: about half the bits of the whole draw are set.
    const all = Buffer.concat(draws);
    let ones = 0;
    for (const b of all) for (let bit = b; bit; bit >>= 1) ones += bit & 1;
    expect(ones / (all.length * 8)).toBeGreaterThan(0.49);
    expect(ones / (all.length * 8)).toBeLessThan(0.51);
  });
});
