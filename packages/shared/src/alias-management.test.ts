import { describe, expect, it } from 'vitest';
import {
  AliasStatisticsSchema,
  aliasLimitMessage,
  canCustomizeAddress,
  defaultLifespan,
  senderInvalidMessage,
  statisticsEmpty,
} from './alias-management';
import { ALIAS_ICONS, aliasIconGlyph, isAliasIcon } from './alias-icons';
import { lifespanAllowed } from './limits';
import { RULE_MESSAGES } from './rules';

const features = (address_customization: boolean) => ({ address_customization });

describe('alias rights (docs/product.md §6)', () => {
  it('address: admin, VIP or address_customization', () => {
    expect(canCustomizeAddress(1, { id: 1, features: features(false) })).toBe(true);
    expect(canCustomizeAddress(7, { id: 2, features: features(false) })).toBe(true);
    expect(canCustomizeAddress(7, { id: 3, features: features(true) })).toBe(true);
    expect(canCustomizeAddress(7, { id: 1, features: features(false) })).toBe(false);
    expect(canCustomizeAddress(7, null)).toBe(false);
  });
});

describe('icons', () => {
  it('is a small set of unique ids with glyphs', () => {
    const ids = ALIAS_ICONS.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(isAliasIcon('cart')).toBe(true);
    expect(isAliasIcon('<script>')).toBe(false);
    expect(isAliasIcon(null)).toBe(false);
    expect(aliasIconGlyph('cart')).toBe('🛒');
    expect(aliasIconGlyph('nope')).toBeNull();
    expect(aliasIconGlyph(null)).toBeNull();
  });
});

describe('messages', () => {
  it('reads naturally', () => {
    expect(aliasLimitMessage(10)).toBe('You have reached the limit of 10 aliases of your subscription.');
    expect(aliasLimitMessage(1)).toBe('You have reached the limit of 1 alias of your subscription.');
    expect(senderInvalidMessage(RULE_MESSAGES.senderDomain)).toBe('The sender must be a valid domain.');
  });
});

describe('defaultLifespan', () => {
  it('is the longest allowed option', () => {
    for (const days of [null, 7, 10, 14, 59, 60, 100, 180, 365]) {
      expect(lifespanAllowed(defaultLifespan(days), days)).toBe(true);
    }
    expect(defaultLifespan(null)).toBeNull();
    expect(defaultLifespan(7)).toBe(7);
    expect(defaultLifespan(180)).toBe(180);
    expect(defaultLifespan(3)).toBe(7);
  });
});

describe('statistics', () => {
  it('is empty with nothing received or refused', () => {
    const s = AliasStatisticsSchema.parse({ days: [], top_senders: [], totals: { received: 0, refused: 0 } });
    expect(statisticsEmpty(s)).toBe(true);
    expect(statisticsEmpty(null)).toBe(true);
    expect(statisticsEmpty({ ...s, totals: { received: 0, refused: 1 } })).toBe(false);
  });
});
