import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateKey, open, seal, wrapKey, type DataKey } from './crypto';
import { KeyStore } from './keystore';

const bytes = (k: DataKey) => Buffer.concat(k.parts);

describe('KeyStore.unwrap (message keys)', () => {
  afterEach(() => vi.useRealTimers());

  const store = () => new KeyStore(generateKey('aes'));

  it('unwraps with the parent, and the same wrapped bytes again give the key remembered', () => {
    const keys = store();
    const parent = generateKey('aes');
    const child = generateKey('aes');
    const wrapped = wrapKey(parent, child);
    const first = keys.unwrap(parent, 7, wrapped);
    expect(bytes(first).equals(bytes(child))).toBe(true);
    expect(keys.unwrap(parent, 7, Buffer.from(wrapped))).toBe(first);
  });

  it('never answers for other wrapped bytes under the same id, nor for another parent', () => {
    const keys = store();
    const parent = generateKey('aes');
    const child = generateKey('aes');
    keys.unwrap(parent, 7, wrapKey(parent, child));
    const other = generateKey('aes');
    expect(bytes(keys.unwrap(parent, 7, wrapKey(parent, other))).equals(bytes(other))).toBe(true);
    // A parent that did not wrap these bytes fails as a plain unwrap would, remembered or not.
    const wrapped = wrapKey(parent, child);
    keys.unwrap(parent, 8, wrapped);
    expect(() => keys.unwrap(generateKey('aes'), 8, wrapped)).toThrow();
  });

  it('forgets a key after a few minutes', () => {
    vi.useFakeTimers();
    const keys = store();
    const parent = generateKey('aes');
    const wrapped = wrapKey(parent, generateKey('aes'));
    const first = keys.unwrap(parent, 7, wrapped);
    vi.advanceTimersByTime(4 * 60_000);
    expect(keys.unwrap(parent, 7, wrapped)).toBe(first);
    vi.advanceTimersByTime(2 * 60_000);
    expect(keys.unwrap(parent, 7, wrapped)).not.toBe(first);
  });

  it('forgets a shredded key', async () => {
    const keys = store();
    const parent = generateKey('aes');
    const wrapped = wrapKey(parent, generateKey('aes'));
    const first = keys.unwrap(parent, 7, wrapped);
    // Only the key rows' deletion goes to the database.
    const db = { delete: () => ({ where: async () => undefined }) };
    await keys.shred(db as never, [7]);
    expect(keys.unwrap(parent, 7, wrapped)).not.toBe(first);
  });

  it('keeps a bounded number of keys, the least recently used going first', () => {
    const keys = store();
    const parent = generateKey('aes');
    const wrapped = Array.from({ length: 5_000 }, () => wrapKey(parent, generateKey('aes')));
    const [used, unused] = [keys.unwrap(parent, 0, wrapped[0]!), keys.unwrap(parent, 1, wrapped[1]!)];
    for (let id = 2; id < 5_000; id++) {
      keys.unwrap(parent, id, wrapped[id]!);
      if (id % 1_000 === 0) expect(keys.unwrap(parent, 0, wrapped[0]!)).toBe(used);
    }
    expect(keys.unwrap(parent, 0, wrapped[0]!)).toBe(used);
    expect(keys.unwrap(parent, 1, wrapped[1]!)).not.toBe(unused);
  });

  it('a remembered key opens what the message key sealed', () => {
    const keys = store();
    const parent = generateKey('triple');
    const child = generateKey('triple');
    const wrapped = wrapKey(parent, child);
    keys.unwrap(parent, 3, wrapped);
    expect(open(keys.unwrap(parent, 3, wrapped), seal(child, 'subject')).toString()).toBe('subject');
  });
});
