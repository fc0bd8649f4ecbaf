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

/** The sidebar's two groups, each newest activity first. */
export function groupAliases<T extends Activity>(aliases: readonly T[]): { withMessages: T[]; noMessages: T[] } {
  const live = aliases.filter((a) => !a.is_trashed);
  return {
    withMessages: live.filter(hasMessages).sort(byActivityDesc),
    noMessages: live.filter((a) => !hasMessages(a)).sort(byActivityDesc),
  };
}
