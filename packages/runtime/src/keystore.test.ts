import { afterEach, expect, it, vi } from 'vitest';
import { generateKey, wrapKey } from './crypto';
import { KeyStore } from './keystore';

afterEach(() => {
  vi.useRealTimers();
});

it('keeps an unwrapped message key for a minute, then unwraps it again', () => {
  vi.useFakeTimers();
  const store = new KeyStore(generateKey('aes'));
  const aliasKey = generateKey('aes');
  const messageKey = generateKey('triple');
  const wrapped = wrapKey(aliasKey, messageKey);
  const first = store.messageKey(7, aliasKey, wrapped);
  expect(first.parts).toEqual(messageKey.parts);
  expect(store.messageKey(7, aliasKey, wrapped)).toBe(first);
  vi.advanceTimersByTime(61_000);
  const again = store.messageKey(7, aliasKey, wrapped);
  expect(again).not.toBe(first);
  expect(again.parts).toEqual(messageKey.parts);
});

it('drops message keys past their minute even when none is asked for', () => {
  vi.useFakeTimers();
  const store = new KeyStore(generateKey('aes'));
  const aliasKey = generateKey('aes');
  store.messageKey(1, aliasKey, wrapKey(aliasKey, generateKey('aes')));
  vi.advanceTimersByTime(30_000);
  store.messageKey(2, aliasKey, wrapKey(aliasKey, generateKey('aes')));
  const kept = () => (store as unknown as { recent: Map<number, unknown> }).recent;
  vi.advanceTimersByTime(31_000);
  expect([...kept().keys()]).toEqual([2]);
  vi.advanceTimersByTime(30_000);
  expect(kept().size).toBe(0);
});
