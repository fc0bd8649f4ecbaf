import { normalizeAddress } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { anySenderMatches, blockingRules } from './restrict';

// Which stored patterns admit an address; the sender check (auth.ts) applies them to the
// authenticated From of a restricted alias.
describe('anySenderMatches', () => {
  it('matches nothing with an empty list', () => {
    expect(anySenderMatches([], 'a@b.example')).toBe(false);
  });

  it.each([
    ['shop@store.example', 'shop@store.example', true],
    ['shop@store.example', 'SHOP@Store.Example', true],
    ['shop@store.example', '<shop@store.example>', true],
    ['shop@store.example', 'other@store.example', false],
    ['shop@store.example', 'shop@store.example.evil', false],
    ['*.store.example', 'x@store.example', true],
    ['*.store.example', 'x@mail.store.example', true],
    ['*.store.example', 'x@a.b.store.example', true],
    ['*.store.example', 'x@evilstore.example', false],
    ['*.store.example', 'x@store.example.evil', false],
    ['*.store.example', 'store.example', false],
    ['*.store.example', '', false],
    ['*.store.example', '<>', false],
  ])('pattern %s vs address %s → %s', (pattern, sender, ok) => {
    expect(anySenderMatches([pattern], normalizeAddress(sender))).toBe(ok);
  });
});

describe('blockingRules', () => {
  const rules = [
    { id: 1, kind: 'domain', value: 'spam.example' },
    { id: 2, kind: 'sender', value: 'news@shop.example' },
  ];
  it.each([
    ['x@spam.example', [1]],
    ['x@mail.spam.example', [1]],
    ['x@notspam.example', []],
    ['News@Shop.Example', [2]],
    ['other@shop.example', []],
    ['', []],
  ])('%s is refused by rules %j', (address, ids) => {
    expect(blockingRules(rules, address).map((r) => r.id)).toEqual(ids);
  });
});
