import { describe, expect, it } from 'vitest';
import { byActivityDesc, feedTarget, groupAliases, latestActivity, matchesFilter } from './activity';

const alias = (id: number, created: number, contacted: number | null, total: number, trashed = false) => ({
  id,
  created_unix: created,
  contacted_unix: contacted,
  total_count: total,
  is_trashed: trashed,
  handle: `h${id}`,
  label: null as string | null,
  address: `h${id}@alias.example`,
  origin: null as string | null,
  unread_count: 0,
  pinned: false,
});

describe('latestActivity', () => {
  it('is the later of contacted and created', () => {
    expect(latestActivity(alias(1, 100, 500, 1))).toBe(500);
    expect(latestActivity(alias(1, 900, 500, 1))).toBe(900);
    expect(latestActivity(alias(1, 100, null, 0))).toBe(100);
  });
});

describe('feedTarget (docs/product.md §2 "Account feed")', () => {
  it('picks the most recently active alias among those with messages', () => {
    const list = [alias(1, 100, 200, 3), alias(2, 100, 900, 1), alias(3, 100, 400, 5)];
    expect(feedTarget(list)).toBe(2);
  });

  it('uses the created time when it is later than the last contact', () => {
    // Alias 4 was created after alias 2's last message arrived, and has a message of its own.
    const list = [alias(2, 100, 900, 1), alias(4, 1000, 950, 1)];
    expect(feedTarget(list)).toBe(4);
  });

  it('ignores newer aliases without messages', () => {
    const list = [alias(1, 100, 200, 2), alias(9, 5000, null, 0)];
    expect(feedTarget(list)).toBe(1);
  });

  it('goes to the first alias when none has messages', () => {
    const list = [alias(7, 100, null, 0), alias(3, 900, null, 0)];
    expect(feedTarget(list)).toBe(7);
  });

  it('is null (→ /alias/new) without aliases', () => {
    expect(feedTarget([])).toBeNull();
  });

  it('hides trashed aliases from the feed', () => {
    expect(feedTarget([alias(1, 100, 9999, 4, true), alias(2, 100, 200, 1)])).toBe(2);
    expect(feedTarget([alias(1, 100, 9999, 4, true)])).toBeNull();
  });
});

describe('groupAliases (docs/product.md §2 "Sidebar")', () => {
  it('splits aliases with messages from the No Messages group, each newest first', () => {
    const list = [
      alias(1, 100, 300, 2),
      alias(2, 100, null, 0),
      alias(3, 100, 800, 1),
      alias(4, 700, null, 0),
      alias(5, 1000, 200, 4),
    ];
    const g = groupAliases(list);
    expect(g.withMessages.map((a) => a.id)).toEqual([5, 3, 1]);
    expect(g.noMessages.map((a) => a.id)).toEqual([4, 2]);
  });

  it('breaks ties by the newer id and leaves the input untouched', () => {
    const list = [alias(1, 100, null, 0), alias(2, 100, null, 0)];
    expect(groupAliases(list).noMessages.map((a) => a.id)).toEqual([2, 1]);
    expect(list.map((a) => a.id)).toEqual([1, 2]);
    expect([alias(1, 1, 5, 1), alias(2, 1, 5, 1)].sort(byActivityDesc).map((a) => a.id)).toEqual([2, 1]);
  });

  it('leaves trashed aliases out', () => {
    const g = groupAliases([alias(1, 100, 300, 2, true), alias(2, 100, null, 0, true)]);
    expect(g.withMessages).toEqual([]);
    expect(g.noMessages).toEqual([]);
  });
});

describe('sidebar sort, filter and pin (docs/product.md §2 "Sidebar")', () => {
  const list = [
    { ...alias(1, 100, 300, 2), label: 'Bank', unread_count: 1 },
    { ...alias(2, 100, 800, 5), origin: 'shop.example', unread_count: 4 },
    { ...alias(3, 100, 500, 1), label: 'Alpha', pinned: true },
    alias(4, 900, null, 0),
  ];
  const ids = (xs: Array<{ id: number }>) => xs.map((a) => a.id);

  it('puts pinned aliases in their own group first, whatever they hold', () => {
    const g = groupAliases(list);
    expect(ids(g.pinned)).toEqual([3]);
    expect(ids(g.withMessages)).toEqual([2, 1]);
    expect(ids(g.noMessages)).toEqual([4]);
  });

  it('sorts by name (label, else handle) or by most unread', () => {
    expect(ids(groupAliases(list, 'name').withMessages)).toEqual([1, 2]);
    expect(ids(groupAliases([...list, { ...alias(5, 1, 2, 1), unread_count: 9 }], 'unread').withMessages)).toEqual([5, 2, 1]);
  });

  it('filters by address, label or site, ignoring case', () => {
    expect(ids(groupAliases(list, 'recent', 'SHOP').withMessages)).toEqual([2]);
    expect(ids(groupAliases(list, 'recent', 'bank').withMessages)).toEqual([1]);
    expect(matchesFilter(list[3]!, 'h4@')).toBe(true);
    expect(matchesFilter(list[3]!, 'nothing')).toBe(false);
  });
});
