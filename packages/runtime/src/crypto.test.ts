import { describe, expect, it } from 'vitest';
import { generateKey, open, seal, unwrapKey, wrapKey } from './crypto';

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
});
