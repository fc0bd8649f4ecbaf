// Pure rules over the alias list: the account feed's target (docs/product.md §2 "Account feed") and the
// sidebar's grouping and order (docs/product.md §2 "Sidebar").
import type { Alias } from '@app/shared';

type Activity = Pick<Alias, 'id' | 'contacted_unix' | 'created_unix' | 'total_count' | 'is_trashed'>;

/** Latest activity of an alias: the later of its contacted and created times (seconds). */
export function latestActivity(a: Pick<Alias, 'contacted_unix' | 'created_unix'>): number {
  return Math.max(a.contacted_unix ?? 0, a.created_unix ?? 0);
}

/** Newest activity first; ties broken by the higher (newer) id so the order is stable. */
export function byActivityDesc(a: Activity, b: Activity): number {
  return latestActivity(b) - latestActivity(a) || b.id - a.id;
}

const hasMessages = (a: Activity) => a.total_count > 0;

/**
 * The feed's target alias id: the most recently active alias among those with messages, else the
 * first alias, else null (the caller goes to /alias/new). Trashed aliases are hidden from the feed.
 */
export function feedTarget<T extends Activity>(aliases: readonly T[]): number | null {
  const live = aliases.filter((a) => !a.is_trashed);
  const withMessages = live.filter(hasMessages).sort(byActivityDesc);
  return withMessages[0]?.id ?? live[0]?.id ?? null;
}

/** Whether any alias shown has mail: then the feed opens All mail (docs/product.md §3 "All mail"). */
export function anyMail(aliases: readonly Activity[]): boolean {
  return aliases.some((a) => !a.is_trashed && hasMessages(a));
}

/** The sidebar's orders: newest activity (the default), name, most unread. */
export const ALIAS_SORTS = { recent: 'Recent', name: 'Name', unread: 'Unread' } as const;
export type AliasSort = keyof typeof ALIAS_SORTS;
export const isAliasSort = (v: unknown): v is AliasSort => typeof v === 'string' && Object.hasOwn(ALIAS_SORTS, v);

type Listed = Activity & Pick<Alias, 'handle' | 'label' | 'address' | 'origin' | 'unread_count' | 'pinned'>;

/** What an alias is called: its label, else its handle. */
export const aliasName = (a: Pick<Alias, 'handle' | 'label'>): string => a.label || a.handle;

const ORDERS: Record<AliasSort, (a: Listed, b: Listed) => number> = {
  recent: byActivityDesc,
  name: (a, b) => aliasName(a).localeCompare(aliasName(b)) || a.id - b.id,
  unread: (a, b) => b.unread_count - a.unread_count || byActivityDesc(a, b),
};

/** The filter box matches the address, the label or the site, ignoring case. */
export function matchesFilter(a: Pick<Alias, 'address' | 'label' | 'origin'>, filter: string): boolean {
  const q = filter.trim().toLowerCase();
  return !q || [a.address, a.label, a.origin].some((v) => v?.toLowerCase().includes(q));
}

/**
 * The sidebar's groups: pinned aliases first, then those with messages and those without, each in
 * the chosen order, all narrowed by the filter.
 */
export function groupAliases<T extends Listed>(
  aliases: readonly T[],
  sort: AliasSort = 'recent',
  filter = '',
): { pinned: T[]; withMessages: T[]; noMessages: T[] } {
  const live = aliases.filter((a) => !a.is_trashed && matchesFilter(a, filter)).sort(ORDERS[sort]);
  const rest = live.filter((a) => !a.pinned);
  return {
    pinned: live.filter((a) => a.pinned),
    withMessages: rest.filter(hasMessages),
    noMessages: rest.filter((a) => !hasMessages(a)),
  };
}
