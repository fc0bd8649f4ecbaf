import { adjustAliasCounters, appendAliasLogEntry, markAliasMessages, trashAliasMessages, type MessageSelection } from '@app/db';
import type { Services } from './services';

/**
 * The changes to an alias's messages that its list and a search's results share: trash and mark
 * read or unread. Counters stay in step in the same transaction as each change, and the account's
 * open pages hear of the new counts.
 */
export function messageActions(services: Services) {
  const { db } = services.database;

  const publishCounts = (accountId: number, aliasId: number, counts: { unreadCount: number; totalCount: number } | null) =>
    counts
      ? services.events
          .publish(accountId, { type: 'alias', aliasId, unread_count: counts.unreadCount, total_count: counts.totalCount })
          .catch(() => undefined)
      : undefined;

  /**
   * Trashes messages, restorable until the retention run shreds them (with data shredding, once
   * TRASH_GRACE_MINUTES have passed; docs/architecture.md §4) or the trash is emptied.
   */
  async function trash(accountId: number, aliasId: number, ids: MessageSelection): Promise<number> {
    const { count, counts } = await db.transaction(async (tx) => {
      const t = await trashAliasMessages(tx, aliasId, ids);
      if (!t.ids.length) return { count: 0, counts: null };
      const c = await adjustAliasCounters(tx, aliasId, { unread: -t.unread, total: -t.ids.length });
      await appendAliasLogEntry(tx, {
        aliasId,
        userId: accountId,
        method: 'PUT',
        endpoint: 'trash_messages',
        status: 200,
        detail: `${t.ids.length} message(s)`,
      });
      return { count: t.ids.length, counts: c };
    });
    void publishCounts(accountId, aliasId, counts);
    return count;
  }

  /** Marks visible messages read or unread; returns how many changed state. */
  async function mark(accountId: number, aliasId: number, ids: MessageSelection, read: boolean): Promise<number> {
    const { count, counts } = await db.transaction(async (tx) => {
      const n = await markAliasMessages(tx, aliasId, ids, read);
      return { count: n, counts: n ? await adjustAliasCounters(tx, aliasId, { unread: read ? -n : n }) : null };
    });
    void publishCounts(accountId, aliasId, counts);
    return count;
  }

  return { publishCounts, trash, mark };
}
