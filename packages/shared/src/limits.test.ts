import { describe, expect, it } from 'vitest';
import {
  DIGEST_INVALID_MESSAGE,
  LIFESPAN_OPTIONS,
  digestAllowed,
  digestOptions,
  effectiveLifespanDays,
  lifespanAllowed,
  lifespanChoices,
  lifespanWarning,
} from './limits';

const values = (opts: Array<{ value: unknown }>) => opts.map((o) => o.value);

describe('digestOptions', () => {
  it.each([
    ['M', [null, 'M']],
    ['W', [null, 'M', 'W']],
    ['D', [null, 'M', 'W', 'D']],
    ['X', [null, 'M', 'W', 'D']],
    ['', [null, 'M', 'W', 'D']],
    ['m', [null, 'M', 'W', 'D']],
    [null, [null, 'M', 'W', 'D']],
    [undefined, [null, 'M', 'W', 'D']],
  ])('max %j allows %j', (max, expected) => {
    expect(values(digestOptions(max))).toEqual(expected);
  });

  it('labels every option', () => {
    expect(digestOptions('D')).toEqual([
      { value: null, label: 'Never' },
      { value: 'M', label: 'Monthly' },
      { value: 'W', label: 'Weekly' },
      { value: 'D', label: 'Daily' },
    ]);
  });
});

describe('digestAllowed', () => {
  it.each([
    [null, 'M', true],
    ['M', 'M', true],
    ['W', 'M', false],
    ['D', 'M', false],
    ['W', 'W', true],
    ['D', 'W', false],
    ['D', 'D', true],
    ['D', null, true],
    ['D', 'other', true],
  ] as const)('%j under %j → %s', (digest, max, expected) => {
    expect(digestAllowed(digest, max)).toBe(expected);
  });

  it('has the exact invalid message', () => {
    expect(DIGEST_INVALID_MESSAGE).toBe('The digest settings for this alias are invalid because of your subscription limits.');
  });
});

describe('lifespanChoices', () => {
  it('lists 7, 14, 60, 180 days and Forever', () => {
    expect(LIFESPAN_OPTIONS).toEqual([7, 14, 60, 180, null]);
    expect(lifespanChoices(null).map((c) => c.label)).toEqual(['7 days', '14 days', '60 days', '180 days', 'Forever']);
  });

  // Each row: storage_days → disabled flags for [7, 14, 60, 180, Forever].
  it.each([
    [null, [false, false, false, false, false]],
    [1, [false, true, true, true, true]],
    [7, [false, true, true, true, true]],
    [13, [false, true, true, true, true]],
    [14, [false, false, true, true, true]],
    [59, [false, false, true, true, true]],
    [60, [false, false, false, true, true]],
    [179, [false, false, false, true, true]],
    [180, [false, false, false, false, true]],
    [365, [false, false, false, false, true]],
  ])('storage_days %j disables %j', (storageDays, disabled) => {
    expect(lifespanChoices(storageDays).map((c) => c.disabled)).toEqual(disabled);
  });
});

describe('lifespanAllowed', () => {
  it.each([
    [7, 7, true],
    [7, 1, true],
    [14, 7, false],
    [60, 60, true],
    [180, 60, false],
    [null, 180, false],
    [null, null, true],
    [180, null, true],
    [30, null, false],
  ])('%j under %j → %s', (lifespan, storageDays, expected) => {
    expect(lifespanAllowed(lifespan, storageDays)).toBe(expected);
  });
});

describe('lifespanWarning', () => {
  const warning = (n: number) =>
    `Even though this alias has a longer lifespan set, because of your subscription limits messages will still be deleted automatically after ${n} days.`;

  it.each([
    [null, null, null],
    [180, null, null],
    [7, 7, null],
    [7, 60, null],
    [60, 60, null],
    [14, 7, warning(7)],
    [180, 60, warning(60)],
    [null, 7, warning(7)],
    [null, 180, warning(180)],
  ])('lifespan %j, storage_days %j', (lifespan, storageDays, expected) => {
    expect(lifespanWarning(lifespan, storageDays)).toBe(expected);
  });
});

describe('effectiveLifespanDays', () => {
  it.each([
    [null, null, null],
    [14, null, 14],
    [null, 7, 7],
    [60, 7, 7],
    [7, 60, 7],
    [60, 60, 60],
  ])('min(%j, %j) = %j', (lifespan, storageDays, expected) => {
    expect(effectiveLifespanDays(lifespan, storageDays)).toBe(expected);
  });
});
