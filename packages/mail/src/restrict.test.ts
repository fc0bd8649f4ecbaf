import { describe, expect, it } from 'vitest';
import { restrictionAdmits } from './restrict';

const base = { isWhitelisted: true, senders: [] as string[], sourceSenders: [] as string[] };

describe('restrictionAdmits', () => {
  it('admits everyone when the alias is not restricted', () => {
    expect(restrictionAdmits({ ...base, isWhitelisted: false }, 'any@where.example')).toBe(true);
    expect(restrictionAdmits({ ...base, isWhitelisted: false }, '')).toBe(true);
  });

  it('fails closed when restricted with an empty list', () => {
    expect(restrictionAdmits(base, 'a@b.example')).toBe(false);
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
  ])('pattern %s vs sender %s → %s', (pattern, sender, ok) => {
    expect(restrictionAdmits({ ...base, senders: [pattern] }, sender)).toBe(ok);
  });

  it("uses the source's senders too", () => {
    const r = { ...base, sourceSenders: ['*.github.com'] };
    expect(restrictionAdmits(r, 'noreply@github.com')).toBe(true);
    expect(restrictionAdmits(r, 'noreply@gitlab.com')).toBe(false);
  });

  it('never admits the null sender on a restricted alias', () => {
    expect(restrictionAdmits({ ...base, senders: ['*.example.com'] }, '')).toBe(false);
    expect(restrictionAdmits({ ...base, senders: ['*.example.com'] }, '<>')).toBe(false);
  });
});
